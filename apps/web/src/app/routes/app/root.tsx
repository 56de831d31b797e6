import { Outlet } from 'react-router';
import {
  INSIGHTS_LOADING_MESSAGE,
  LoadingScreen,
} from '@/components/ui/loading-screen/loading-screen';
import { CustomerLinksProvider } from '@/components/ui/customer-link/customer-link';
import { AppLayout } from '@/features/shell/components/app-layout';
import { UserLoadError } from '@/features/shell/components/user-load-error';
import { UploadScreen } from '@/features/upload/components/upload-screen';
import { useUser } from '@/lib/auth';
import { RequireAuth } from '@/lib/session-guards';

/**
 * The signed-in area (product-rules: Screens "Authenticated shell"): loads the user, forces the upload screen
 * while the user has no file, otherwise shows the navigation around the page.
 */
function SignedInArea() {
  const userQuery = useUser();

  if (userQuery.isPending) return <LoadingScreen message={INSIGHTS_LOADING_MESSAGE} />;
  if (userQuery.isError) {
    return (
      <UserLoadError onRetry={() => void userQuery.refetch()} retrying={userQuery.isFetching} />
    );
  }

  const user = userQuery.data;
  if (user.noOfFileUploads === 0) {
    return (
      <AppLayout user={user} navigation={false}>
        <UploadScreen />
      </AppLayout>
    );
  }
  return (
    <AppLayout user={user}>
      {/* Only admins and RMs may open a customer's page (docs/permissions.md). */}
      <CustomerLinksProvider enabled={user.role === 'admin' || user.role === 'rm'}>
        <Outlet />
      </CustomerLinksProvider>
    </AppLayout>
  );
}

export default function AppRoot() {
  return (
    <RequireAuth>
      <SignedInArea />
    </RequireAuth>
  );
}
