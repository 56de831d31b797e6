import { DatasetsPage } from '@/features/datasets/components/datasets-page';
import { ImportChecks } from '@/features/upload/components/import-checks';
import { UploadPanel } from '@/features/upload/components/upload-panel';
import { usePageTitle } from '@/lib/page-title';

/** Datasets composes the upload feature into its first tab and into each file tab. */
export default function DatasetsRoute() {
  usePageTitle('Your Datasets');
  return (
    <DatasetsPage
      renderUploadTab={(handlers) => <UploadPanel variant="datasets" {...handlers} />}
      renderImportChecks={(file) => <ImportChecks {...file} />}
    />
  );
}
