import {
  createProduct,
  FALLBACK_MESSAGES,
  productQuery,
  queryKeys,
  updateProduct,
  type Product,
} from '@shop/shared-api';
import { Button, Card, Grid, Skeleton, Stack, toast } from '@shop/shared-ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LoadError } from '../../components/ListStates.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ProductForm } from './ProductForm.tsx';

function BackToProducts() {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to="/admin/products">
        <ArrowLeft size={16} aria-hidden="true" /> Products
      </Link>
    </Button>
  );
}

/** /admin/product/new: 'Product Created Successfully', then the dashboard. */
export function NewProductPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <>
      <PageHeader title="New Product">
        <BackToProducts />
      </PageHeader>
      <Card.Root maxW="3xl">
        <Card.Body>
          <ProductForm
            submitLabel="Create Product"
            fallback={FALLBACK_MESSAGES.createProduct}
            onSave={async (form, onUploadProgress) => {
              await createProduct(form, { onUploadProgress });
              void queryClient.invalidateQueries({ queryKey: queryKeys.catalog });
              toast.success('Product Created Successfully');
              navigate('/admin/dashboard');
            }}
          />
        </Card.Body>
      </Card.Root>
    </>
  );
}

function FormSkeleton() {
  return (
    <Stack gap="5" role="status" aria-label="Loading the product">
      {[1, 2, 3, 4].map((row) => (
        <Stack key={row} gap="2">
          <Skeleton h="4" w="24" />
          <Skeleton h="10" />
        </Stack>
      ))}
      <Grid templateColumns="repeat(4, 1fr)" gap="2" maxW="md">
        {[1, 2, 3, 4].map((image) => (
          <Skeleton key={image} aspectRatio="1" />
        ))}
      </Grid>
    </Stack>
  );
}

/** /admin/product/{id}: the current values and images; 'Product Updated Successfully', then the list. */
export function EditProductPage() {
  const { id = '' } = useParams();
  const product = useQuery(productQuery(id));
  return (
    <>
      <PageHeader title="Update Product">
        <BackToProducts />
      </PageHeader>
      <Card.Root maxW="3xl">
        <Card.Body>
          {product.isError ? (
            <LoadError error={product.error} onRetry={() => void product.refetch()} />
          ) : product.data ? (
            <EditForm key={product.data._id} product={product.data} />
          ) : (
            <FormSkeleton />
          )}
        </Card.Body>
      </Card.Root>
    </>
  );
}

function EditForm({ product }: { product: Product }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <ProductForm
      product={product}
      submitLabel="Update Product"
      fallback={FALLBACK_MESSAGES.updateProduct}
      onSave={async (form, onUploadProgress) => {
        await updateProduct(product._id, form, { onUploadProgress });
        void queryClient.invalidateQueries({ queryKey: queryKeys.catalog });
        toast.success('Product Updated Successfully');
        navigate('/admin/products');
      }}
    />
  );
}
