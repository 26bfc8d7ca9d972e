import { Card, DataList, Flex, Stack } from '@shop/shared-ui';
import { monoValue, type RowsProps } from './list-columns.ts';

/**
 * An admin list on a phone or a tablet: a card a row, each value beside its column's name, the
 * row's actions at the card's foot. Screen readers hear a named list of items, each a list of labelled
 * values (the table's caption and headers, said another way).
 */
export function RowCards<Row>({ caption, columns, rows, rowKey, actions, busy = false }: RowsProps<Row>) {
  return (
    <Stack
      as="ul"
      // VoiceOver on Safari reads a list without bullets as a list only when its role is explicit.
      role="list"
      aria-label={caption}
      aria-busy={busy || undefined}
      gap="3"
      listStyleType="none"
      m="0"
      p="0"
    >
      {rows.map((row) => (
        <Card.Root as="li" key={rowKey(row)} variant="outline" size="sm">
          <Card.Body gap="2">
            <DataList.Root orientation="horizontal" size="md" gap="2">
              {columns.map((column) => (
                <DataList.Item key={column.header} alignItems="baseline">
                  <DataList.ItemLabel minW="24" color="fg.muted">
                    {column.header}
                  </DataList.ItemLabel>
                  <DataList.ItemValue overflowWrap="anywhere" {...(column.mono ? monoValue : {})}>
                    {column.cell(row)}
                  </DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
            {actions ? <Flex justify="end">{actions(row)}</Flex> : null}
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
