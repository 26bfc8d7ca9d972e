import { Box, formatRupees, Stack, Table, Text, VisuallyHidden } from '@shop/shared-ui';
import { useId } from 'react';
import type { DailyOrdersResponse } from '@shop/shared-api';

/** One day of the chart, as the api sums it: YYYY-MM-DD, revenue in rupees, order count. */
type DayFigures = DailyOrdersResponse['days'][number];

const WIDTH = 720;
const HEIGHT = 150;
const PAD = { top: 12, right: 8, bottom: 22, left: 56 };

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
  color: string;
}

/** One bar per day, drawn in SVG with the theme's tokens (light and dark), described for screen readers. */
function Bars({ title, figures, value, format, rupees, color }: BarsProps) {
  const id = useId();
  const values = figures.map(value);
  const max = Math.max(...values, 0);
  const top = max > 0 ? max : 1;
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const slot = innerW / figures.length;
  const total = values.reduce((sum, v) => sum + v, 0);
  const best = figures[values.indexOf(max)];
  const summary = max
    ? `${format(total)} over ${figures.length} days; highest ${format(max)} on ${shortDay(best!.day)}.`
    : `Nothing in the last ${figures.length} days.`;
  return (
    <Box>
      <Text fontWeight="medium" id={`${id}-title`}>
        {title}
      </Text>
      <Text fontSize="sm" color="fg.muted" id={`${id}-desc`}>
        {summary}
      </Text>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        style={{ display: 'block', overflow: 'visible' }}
      >
        {(rupees || top % 2 === 0 ? [0, 0.5, 1] : [0, 1]).map((fraction) => {
          const y = PAD.top + innerH * (1 - fraction);
          return (
            <g key={fraction}>
              <line
                x1={PAD.left}
                x2={WIDTH - PAD.right}
                y1={y}
                y2={y}
                stroke="var(--chakra-colors-border)"
                strokeDasharray={fraction ? '3 3' : undefined}
              />
              <text
                x={PAD.left - 6}
                y={y + 4}
                textAnchor="end"
                fontSize="11"
                fill="var(--chakra-colors-fg-muted)"
              >
                {compact(top * fraction, rupees)}
              </text>
            </g>
          );
        })}
        {figures.map((day, index) => {
          const h = (values[index]! / top) * innerH;
          const x = PAD.left + index * slot + slot * 0.15;
          return (
            <rect
              key={day.day}
              x={x}
              y={PAD.top + innerH - h}
              width={slot * 0.7}
              height={h}
              rx="2"
              fill={color}
            >
              <title>{`${shortDay(day.day)}: ${format(values[index]!)}`}</title>
            </rect>
          );
        })}
        {figures.map((day, index) =>
          (figures.length - 1 - index) % 7 === 0 ? (
            <text
              key={day.day}
              x={PAD.left + index * slot + slot / 2}
              y={HEIGHT - 6}
              textAnchor="middle"
              fontSize="11"
              fill="var(--chakra-colors-fg-muted)"
            >
              {shortDay(day.day)}
            </text>
          ) : null,
        )}
      </svg>
    </Box>
  );
}

/**
 * Revenue and orders per day over the last 30 days: hand-drawn SVG, no chart library (a few KB instead
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
        color="var(--chakra-colors-brand-solid)"
      />
      <Bars
        title="Orders per day"
        figures={figures}
        value={(day) => day.orders}
        format={(n) => `${n} ${n === 1 ? 'order' : 'orders'}`}
        rupees={false}
        color="var(--chakra-colors-fg-muted)"
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
