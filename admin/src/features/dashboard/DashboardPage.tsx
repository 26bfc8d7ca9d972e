import {
  adminOrdersPageQuery,
  adminProductsPageQuery,
  adminUsersPageQuery,
  dailyOrdersQuery,
  LOW_STOCK_THRESHOLD,
} from '@shop/shared-api';
import {
  Box,
  Button,
  Card,
  ErrorAlert,
  formatRupees,
  Grid,
  Heading,
  HStack,
  Link,
  List,
  Skeleton,
  Stack,
  Text,
  Wrap,
} from '@shop/shared-ui';
import { useQueries } from '@tanstack/react-query';
import { Package, Plus, ShoppingCart, Users } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatCard, StatGrid, StatSkeleton } from '../../components/StatCard.tsx';
import { SiteHealthCard } from './SiteHealthCard.tsx';

// Its own chunk: only the dashboard downloads the chart.
const RevenueChart = lazy(() => import('./RevenueChart.tsx'));

/** docs/product.md, screens: a static list with hard-coded sample entries. */
export const RECENT_ACTIVITY = [
  { text: 'New order received', when: '2 minutes ago' },
  { text: 'Product stock updated', when: '1 hour ago' },
  { text: 'New user registered', when: '3 hours ago' },
  { text: 'Order marked as delivered', when: '5 hours ago' },
] as const;

function ChartSkeleton() {
  return (
    <Stack gap="5" aria-hidden="true">
      {[1, 2].map((chart) => (
        <Stack key={chart} gap="2">
          <Skeleton h="4" w="32" />
          <Skeleton h="36" />
        </Stack>
      ))}
    </Stack>
  );
}

// The figures come with any page of each list (optional api paging), so one row each is enough.
const FIGURES_ONLY = { page: 1, limit: 1 };
// The products' figures with the low-stock filter: productsCount is still every product, and the count of
// rows matching is the low-stock count (issue 29), in the same one answer.
const PRODUCT_FIGURES = { ...FIGURES_ONLY, stockBelow: LOW_STOCK_THRESHOLD };
/** The products list showing the low-stock ones (features do not import each other: the address only). */
const LOW_STOCK_LIST = `/admin/products?stockBelow=${LOW_STOCK_THRESHOLD}`;

/**
 * /admin/dashboard: revenue, counts, quick actions, recent activity and the last 30 days. Four small
 * answers: the lists' figures (one row each) and the day-by-day sums the database computes.
 */
export function DashboardPage() {
  const [products, orders, users, daily] = useQueries({
    queries: [
      adminProductsPageQuery(PRODUCT_FIGURES),
      adminOrdersPageQuery(FIGURES_ONLY),
      adminUsersPageQuery(FIGURES_ONLY),
      dailyOrdersQuery(30),
    ],
  });
  const figures = daily.data ?? null;
  const failed = [products, orders, users].filter((query) => query.isError);
  const loaded = products.data && orders.data && users.data;

  return (
    <>
      <PageHeader title="Dashboard" />
      {failed.map((query) => (
        <ErrorAlert
          key={query.error?.message}
          message={query.error?.message ?? 'Something went wrong'}
          onRetry={() => void query.refetch()}
        />
      ))}
      {loaded ? (
        <StatGrid columns={4}>
          <StatCard label="Total Revenue" value={formatRupees(orders.data.totalAmount)} />
          <StatCard
            label="Products"
            value={products.data.productsCount}
            help={
              <Link asChild colorPalette="brand">
                <RouterLink to={LOW_STOCK_LIST}>
                  {products.data.filteredProductsCount} low on stock
                </RouterLink>
              </Link>
            }
          />
          <StatCard label="Orders" value={orders.data.ordersCount} />
          <StatCard label="Users" value={users.data.usersCount} />
        </StatGrid>
      ) : failed.length === 0 ? (
        <StatSkeleton count={4} />
      ) : null}

      <Box as="section" aria-labelledby="quick-actions">
        <Heading as="h2" size="md" mb="3" id="quick-actions">
          Quick Actions
        </Heading>
        <Wrap gap="3">
          <Button asChild colorPalette="brand">
            <RouterLink to="/admin/product/new">
              <Plus size={16} aria-hidden="true" /> Add Product
            </RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to="/admin/orders">
              <ShoppingCart size={16} aria-hidden="true" /> Manage Orders
            </RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to="/admin/users">
              <Users size={16} aria-hidden="true" /> View Users
            </RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to="/admin/products">
              <Package size={16} aria-hidden="true" /> All Products
            </RouterLink>
          </Button>
        </Wrap>
      </Box>

      <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="6" alignItems="start">
        <Card.Root variant="outline" as="section" aria-labelledby="last-30-days">
          <Card.Body>
            <Heading as="h2" size="md" mb="3" id="last-30-days">
              Last 30 Days
            </Heading>
            {figures ? (
              <Suspense fallback={<ChartSkeleton />}>
                <RevenueChart figures={figures} />
              </Suspense>
            ) : daily.isError ? (
              <ErrorAlert message={daily.error.message} onRetry={() => void daily.refetch()} />
            ) : (
              <ChartSkeleton />
            )}
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline" as="section" aria-labelledby="recent-activity">
          <Card.Body>
            <Heading as="h2" size="md" mb="3" id="recent-activity">
              Recent Activity
            </Heading>
            <List.Root gap="3" variant="plain">
              {RECENT_ACTIVITY.map((entry) => (
                <List.Item key={entry.text}>
                  <HStack justify="space-between" w="full" gap="3">
                    <Text>{entry.text}</Text>
                    <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap">
                      {entry.when}
                    </Text>
                  </HStack>
                </List.Item>
              ))}
            </List.Root>
            {/* The list above is the spec's static sample; the audit trail is the real one (issue 29). */}
            <Text mt="4" fontSize="sm">
              <Link asChild colorPalette="brand">
                <RouterLink to="/admin/activity">View all activity</RouterLink>
              </Link>
            </Text>
          </Card.Body>
        </Card.Root>
      </Grid>

      <SiteHealthCard />
    </>
  );
}
