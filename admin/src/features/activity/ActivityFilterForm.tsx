import { ADMIN_ACTIONS, type ActivityFilters } from '@shop/shared-api';
import { activityFiltersFormSchema } from '@shop/shared-api/schemas';
import {
  Button,
  FormField,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  useShopForm,
} from '@shop/shared-ui';
import { ADMIN_ACTION_LABELS } from './action-labels.ts';
import { NO_FILTERS } from './activity-filters.ts';

interface ActivityFilterFormProps {
  /** The filters the list shows now (from the address). */
  filters: ActivityFilters;
  onApply: (filters: ActivityFilters) => void;
}

/**
 * Who, what and when: applied together on Apply (or Enter), so the list asks once per change of mind,
 * not once per typed letter. Clear shows every entry again.
 */
export function ActivityFilterForm({ filters, onApply }: ActivityFilterFormProps) {
  const form = useShopForm({
    schema: activityFiltersFormSchema,
    initialValues: filters,
    describeFailure: () => 'These filters cannot be applied',
    onSubmit: (values) => onApply(values),
  });
  const clear = () => {
    for (const name of Object.keys(NO_FILTERS) as (keyof ActivityFilters)[]) form.setValue(name, '');
    onApply(NO_FILTERS);
  };
  return (
    <Stack asChild gap="3">
      <form onSubmit={form.handleSubmit} noValidate role="search" aria-label="Filter the activity">
        <SimpleGrid columns={{ base: 1, md: 3, xl: 5 }} gap="3">
          <FormField label="Admin (email or id)" error={form.errors.who}>
            <Input autoComplete="off" spellCheck={false} {...form.field('who')} />
          </FormField>
          <FormField label="Action" error={form.errors.action}>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.field('action')}>
                <option value="">Any action</option>
                {ADMIN_ACTIONS.map((action) => (
                  <option key={action} value={action}>
                    {ADMIN_ACTION_LABELS[action]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label="Changed id" error={form.errors.target}>
            <Input autoComplete="off" spellCheck={false} fontFamily="mono" {...form.field('target')} />
          </FormField>
          <FormField label="From" error={form.errors.from}>
            <Input type="date" {...form.field('from')} />
          </FormField>
          <FormField label="To" error={form.errors.to}>
            <Input type="date" {...form.field('to')} />
          </FormField>
        </SimpleGrid>
        <HStack gap="2">
          <Button type="submit" colorPalette="brand" size="sm">
            Apply filters
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={clear}>
            Clear
          </Button>
        </HStack>
      </form>
    </Stack>
  );
}
