import type { Order } from '@shop/shared-api';

export interface DayFigures {
  /** Local date, YYYY-MM-DD. */
  day: string;
  revenue: number;
  orders: number;
}

const dayKey = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * Revenue (sum of order totals, to the paisa) and order count for each of the last `days` days up to and
 * including `today`, in the browser's time zone; days without orders are zero.
 */
export function dailyFigures(
  orders: readonly Pick<Order, 'createdAt' | 'totalPrice'>[],
  today = new Date(),
  days = 30,
): DayFigures[] {
  const result: DayFigures[] = [];
  const index = new Map<string, DayFigures>();
  for (let back = days - 1; back >= 0; back -= 1) {
    const date = new Date(today.getFullYear(), today.getMonth(), today.getDate() - back);
    const figures = { day: dayKey(date), revenue: 0, orders: 0 };
    result.push(figures);
    index.set(figures.day, figures);
  }
  const paise = new Map<string, number>();
  for (const order of orders) {
    const figures = index.get(dayKey(new Date(order.createdAt)));
    if (!figures) continue;
    figures.orders += 1;
    paise.set(figures.day, (paise.get(figures.day) ?? 0) + Math.round(order.totalPrice * 100));
  }
  for (const figures of result) figures.revenue = (paise.get(figures.day) ?? 0) / 100;
  return result;
}
