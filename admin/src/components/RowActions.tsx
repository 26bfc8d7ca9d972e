import { HStack, IconButton } from '@shop/shared-ui';
import { Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';

/**
 * Edit (when the row has an edit page) and Delete for one row, named with the row ('Edit Laptop Pro',
 * 'Delete Laptop Pro').
 */
export function RowActions({
  editTo,
  name,
  onDelete,
}: {
  editTo?: string;
  name: string;
  onDelete: () => void;
}) {
  return (
    <HStack gap="1" justify="end">
      {editTo ? (
        <IconButton asChild size="sm" variant="ghost" colorPalette="brand" aria-label={`Edit ${name}`}>
          <Link to={editTo}>
            <Pencil size={16} aria-hidden="true" />
          </Link>
        </IconButton>
      ) : null}
      <IconButton
        size="sm"
        variant="ghost"
        colorPalette="red"
        aria-label={`Delete ${name}`}
        onClick={onDelete}
      >
        <Trash2 size={16} aria-hidden="true" />
      </IconButton>
    </HStack>
  );
}
