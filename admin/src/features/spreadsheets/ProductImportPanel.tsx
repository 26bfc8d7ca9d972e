import {
  errorMessage,
  FALLBACK_MESSAGES,
  importProductsCsv,
  PRODUCT_CSV_COLUMNS,
  queryKeys,
  type ProductImportOutcome,
} from '@shop/shared-api';
import { productImportFormSchema } from '@shop/shared-api/schemas';
import {
  Button,
  Card,
  ErrorAlert,
  FormField,
  Heading,
  HStack,
  Input,
  Stack,
  SuccessAlert,
  Text,
  useShopForm,
} from '@shop/shared-ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BadRowsTable } from './BadRowsTable.tsx';
import { count } from './csv-files.ts';

interface ProductImportPanelProps {
  onClose: () => void;
}

const appliedText = (outcome: Extract<ProductImportOutcome, { applied: true }>) =>
  `Imported: ${count(outcome.created, 'product')} created, ${outcome.updated.toLocaleString('en-IN')} updated, ${outcome.unchanged.toLocaleString('en-IN')} unchanged.`;

/**
 * Import products from a CSV file (the export's columns): the api checks every row first and applies all
 * of them or none. The answer shows here: what was applied, or each bad row with its reason and nothing
 * changed. The file goes to the api as it is; the browser reads none of it.
 */
export function ProductImportPanel({ onClose }: ProductImportPanelProps) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<ProductImportOutcome | null>(null);
  const form = useShopForm({
    schema: productImportFormSchema,
    initialValues: { file: undefined },
    describeFailure: (error) => errorMessage(error, FALLBACK_MESSAGES.importProducts),
    onSubmit: async ({ file }) => {
      setOutcome(null);
      const answer = await importProductsCsv(file);
      setOutcome(answer);
      if (answer.applied) void queryClient.invalidateQueries({ queryKey: queryKeys.catalog });
    },
  });
  return (
    <Card.Root as="section" aria-labelledby="product-import-title" variant="outline">
      <Card.Body>
        <Stack gap="4">
          <Heading as="h2" size="md" id="product-import-title">
            Import products from CSV
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            Columns: {PRODUCT_CSV_COLUMNS.join(', ')} (as the export writes them). A row with an id updates
            that product, a row without one creates a product. Every row is checked first: either all rows are
            applied or none.
          </Text>
          <form onSubmit={form.handleSubmit} noValidate aria-label="Import products from CSV">
            <Stack gap="3">
              <FormField label="CSV file" error={form.errors.file}>
                <Input
                  name="file"
                  type="file"
                  accept=".csv,text/csv"
                  p="1.5"
                  onChange={(event) => {
                    setOutcome(null);
                    form.setFailure(null);
                    form.setValue('file', event.target.files?.[0], { check: true });
                  }}
                />
              </FormField>
              <HStack gap="2">
                <Button
                  type="submit"
                  colorPalette="brand"
                  size="sm"
                  loading={form.busy}
                  loadingText="Importing…"
                >
                  Import
                </Button>
                <Button type="button" variant="outline" size="sm" onClick={onClose}>
                  Close
                </Button>
              </HStack>
            </Stack>
          </form>
          {form.failure ? <ErrorAlert message={form.failure} /> : null}
          {outcome?.applied ? <SuccessAlert message={appliedText(outcome)} /> : null}
          {outcome && !outcome.applied ? (
            <Stack gap="3">
              <ErrorAlert title="Nothing was imported" message={outcome.message} />
              <BadRowsTable rows={outcome.badRows} total={outcome.badRowsCount} />
            </Stack>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
