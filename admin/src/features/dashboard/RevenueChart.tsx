import { Box, Flex, formatRupees, Grid, Span, Stack, Table, Text, VisuallyHidden } from '@shop/shared-ui';
import { useId } from 'react';
import type { DailyOrdersResponse } from '@shop/shared-api';

/** One day of the chart, as the api sums it: YYYY-MM-DD, revenue in rupees, order count. */
type DayFigures = DailyOrdersResponse['days'][number];

const shortDay = (day: string) =>
  new Date(`${day}T00:00:00`).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });

/** A compact axis label: ₹12.3k, ₹1.2L (lakh), 45. */
function compact(value: number, rupees: boolean): string {
  const prefix = rupees ? '₹' : '';
  if (value >= 100_000) return `${prefix}${(value / 100_000).toFixed(1)}L`;
  if (value >= 1000) return `${prefix}${(value / 1000).toFixed(1)}k`;
  return `${prefix}${Math.round(value)}`;
}

interface BarsProps {
  title: string;
  figures: DayFigures[];
  value: (day: DayFigures) => number;
  format: (value: number) => string;
  rupees: boolean;
  /** A colour token of the theme (light and dark). */
  color: string;
}

/**
 * One bar per day, with a scale up the side and a date under every seventh day, described for screen
 * readers. Drawn with boxes, not an SVG scaled to its width: the SVG's 11-unit labels were 5 px on a
 * phone and 13 px on a desktop, these are the theme's `xs` (12 px) at every width.
 */
function Bars({ title, figures, value, format, rupees, color }: BarsProps) {
  const id = useId();
  const values = figures.map(value);
  const max = Math.max(...values, 0);
  const top = max > 0 ? max : 1;
  const total = values.reduce((sum, v) => sum + v, 0);
  const best = figures[values.indexOf(max)];
  const summary = max
    ? `${format(total)} over ${figures.length} days; highest ${format(max)} on ${shortDay(best!.day)}.`
    : `Nothing in the last ${figures.length} days.`;
  const last = figures.length - 1;
  const scale = rupees || top % 2 === 0 ? [0, 0.5, 1] : [0, 1];
  return (
    <Box>
      <Text fontWeight="medium" id={`${id}-title`}>
        {title}
      </Text>
      <Text fontSize="sm" color="fg.muted" id={`${id}-desc`}>
        {summary}
      </Text>
      <Grid
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        templateColumns="auto minmax(0, 1fr)"
        columnGap="2"
        rowGap="1.5"
        pt="2"
        fontSize="xs"
        lineHeight="1"
        color="fg.muted"
      >
        <Box position="relative" w="12">
          {scale.map((fraction) => (
            <Span
              key={fraction}
              position="absolute"
              right="0"
              top={`${(1 - fraction) * 100}%`}
              transform="translateY(-50%)"
              whiteSpace="nowrap"
            >
              {compact(top * fraction, rupees)}
            </Span>
          ))}
        </Box>
        <Flex position="relative" h="28" align="end" borderBottomWidth="1px" borderColor="border">
          {/* The scale's lines above the base line (the border) */}
          {scale.slice(1).map((fraction) => (
            <Box
              key={fraction}
              position="absolute"
              insetX="0"
              top={`${(1 - fraction) * 100}%`}
              borderTopWidth="1px"
              borderStyle="dashed"
              borderColor="border"
            />
          ))}
          {figures.map((day, index) => (
            <Flex
              key={day.day}
              flex="1"
              h="full"
              align="end"
              justify="center"
              title={`${shortDay(day.day)}: ${format(values[index]!)}`}
            >
              <Box w="70%" h={`${(values[index]! / top) * 100}%`} bg={color} roundedTop="sm" />
            </Flex>
          ))}
        </Flex>
        <Box />
        <Box position="relative" h="3">
          {figures.map((day, index) =>
            (last - index) % 7 === 0 ? (
              <Span
                key={day.day}
                position="absolute"
                whiteSpace="nowrap"
                // Centred under its bar; the last day's ends with the chart instead of running past it.
                {...(index === last
                  ? { right: '0' }
                  : { left: `${((index + 0.5) / figures.length) * 100}%`, transform: 'translateX(-50%)' })}
              >
                {shortDay(day.day)}
              </Span>
            ) : null,
          )}
        </Box>
      </Grid>
    </Box>
  );
}

/**
 * Revenue and orders per day over the last 30 days: drawn by hand, no chart library (a few KB instead
 * of recharts' ~118 KB gzip), loaded only by the dashboard. The same figures are in a table for screen
 * readers and for anyone who would rather read them.
 */
export default function RevenueChart({ figures }: { figures: DayFigures[] }) {
  return (
    <Stack gap="5">
      <Bars
        title="Revenue per day"
        figures={figures}
        value={(day) => day.revenue}
        format={formatRupees}
        rupees
        color="brand.solid"
      />
      <Bars
        title="Orders per day"
        figures={figures}
        value={(day) => day.orders}
        format={(n) => `${n} ${n === 1 ? 'order' : 'orders'}`}
        rupees={false}
        color="fg.muted"
      />
      <Box as="details" fontSize="sm">
        <Box as="summary" cursor="pointer" color="fg.muted">
          Show the figures as a table
        </Box>
        <Table.Root size="sm" mt="2">
          <Table.Caption>
            <VisuallyHidden>Revenue and orders per day, last 30 days</VisuallyHidden>
          </Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col">Day</Table.ColumnHeader>
              <Table.ColumnHeader scope="col" textAlign="end">
                Revenue
              </Table.ColumnHeader>
              <Table.ColumnHeader scope="col" textAlign="end">
                Orders
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {figures.map((day) => (
              <Table.Row key={day.day}>
                <Table.Cell>{shortDay(day.day)}</Table.Cell>
                <Table.Cell textAlign="end">{formatRupees(day.revenue)}</Table.Cell>
                <Table.Cell textAlign="end">{day.orders}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}
