import { Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import {
  INSIGHTS_LOADING_MESSAGE,
  LoadingScreen,
} from '@/components/ui/loading-screen/loading-screen';
import { CustomerLinksProvider } from '@/components/ui/customer-link/customer-link';
import { AlertsBell } from '@/features/alerts/components/alerts-bell';
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
  const { pathname } = useLocation();

  if (userQuery.isPending) return <LoadingScreen message={INSIGHTS_LOADING_MESSAGE} />;
  if (userQuery.isError) {
    return (
      <UserLoadError onRetry={() => void userQuery.refetch()} retrying={userQuery.isFetching} />
    );
  }

  const user = userQuery.data;
  if (user.noOfFileUploads === 0) {
    // A firm whose first customers will come through the feed needs its key before any file.
    const keysFirst = user.role === 'admin' && pathname === paths.apiKeys;
    return (
      <AppLayout user={user} navigation={false}>
        {keysFirst ? <Outlet /> : <UploadScreen />}
      </AppLayout>
    );
  }
  return (
    // Only admins and RMs may open a customer's page (docs/permissions.md).
    <CustomerLinksProvider enabled={user.role === 'admin' || user.role === 'rm'}>
      <AppLayout user={user} renderBell={(slot) => <AlertsBell {...slot} />}>
        <Outlet />
      </AppLayout>
    </CustomerLinksProvider>
  );
}

export default function AppRoot() {
  return (
    <RequireAuth>
      <SignedInArea />
    </RequireAuth>
  );
}
