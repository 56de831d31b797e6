import { DatasetsPage } from '@/features/datasets/components/datasets-page';
import { usePageTitle } from '@/lib/page-title';

export default function DatasetsRoute() {
  usePageTitle('Your Datasets');
  return <DatasetsPage />;
}
