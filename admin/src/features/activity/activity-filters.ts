import {
  ADMIN_ACTIONS,
  type ActivityFilters,
  type AdminActivityQuery,
  type AdminAction,
} from '@shop/shared-api';
import { useSearchParams } from 'react-router-dom';

/** Entries a page: enough to read a morning's work at once. */
export const ACTIVITY_PAGE_SIZE = 20;

const FILTER_NAMES = ['who', 'action', 'target', 'from', 'to'] as const;
export const NO_FILTERS: ActivityFilters = { who: '', action: '', target: '', from: '', to: '' };

const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text));
const isAction = (text: string): text is AdminAction => (ADMIN_ACTIONS as readonly string[]).includes(text);

/**
 * The Activity screen's filters and page, kept in the address (?who=&action=&target=&from=&to=&page=) so
 * Back, a reload or a shared link shows the same entries. What the address holds that the form would
 * refuse (an unknown action, a day that is no date) is no filter. New filters go back to page 1.
 */
export function useActivityFilters() {
  const [params, setParams] = useSearchParams();
  const text = (name: string) => params.get(name)?.trim() ?? '';
  const action = text('action');
  const filters: ActivityFilters = {
    who: text('who'),
    action: isAction(action) ? action : '',
    target: text('target'),
    from: isDay(text('from')) ? text('from') : '',
    to: isDay(text('to')) ? text('to') : '',
  };
  const parsed = Number(params.get('page') ?? '1');
  const page = Number.isInteger(parsed) && parsed > 0 ? parsed : 1;
  const setFilters = (next: ActivityFilters) =>
    setParams(
      () => {
        const copy = new URLSearchParams();
        for (const name of FILTER_NAMES) if (next[name]) copy.set(name, next[name]);
        return copy;
      },
      { replace: true },
    );
  const setPage = (next: number) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next > 1) copy.set('page', String(next));
        else copy.delete('page');
        return copy;
      },
      { replace: true },
    );
  const filtered = FILTER_NAMES.some((name) => filters[name] !== '');
  return { filters, filtered, page, setFilters, setPage };
}

/** The start of a day ('2026-11-27') in the admin's own time zone, as the instant the api compares. */
const startOfDay = (day: string, plusDays = 0) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + plusDays).toISOString();
};

/** The api's query for the filters: `to` is inclusive on screen, so the api gets the next day's start. */
export function activityQueryOf(filters: ActivityFilters, page: number): AdminActivityQuery {
  return {
    page,
    limit: ACTIVITY_PAGE_SIZE,
    ...(filters.who ? { who: filters.who } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.target ? { target: filters.target } : {}),
    ...(filters.from ? { from: startOfDay(filters.from) } : {}),
    ...(filters.to ? { to: startOfDay(filters.to, 1) } : {}),
  };
}
