import { downloadProductsCsv, errorMessage, FALLBACK_MESSAGES } from '@shop/shared-api';
import { Button, useBusyAction } from '@shop/shared-ui';
import { FileDown } from 'lucide-react';
import { productsCsvName } from './csv-files.ts';

/** Every product as a CSV file, the columns the import takes back (id, name, price in rupees, …). */
export function ExportProductsButton() {
  const { busy, run: exportProducts } = useBusyAction(
    () => downloadProductsCsv(productsCsvName()),
    (error) => errorMessage(error, FALLBACK_MESSAGES.exportProducts),
  );
  return (
    <Button
      size="sm"
      variant="outline"
      loading={busy}
      loadingText="Exporting…"
      onClick={() => void exportProducts()}
    >
      <FileDown size={16} aria-hidden="true" /> Export CSV
    </Button>
  );
}
