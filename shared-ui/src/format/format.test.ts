import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatLongDate, LONG_DATE_FORMAT } from './date.ts';
import { formatRupees, RUPEE_FORMAT } from './money.ts';
import { FORMATS_WARM_UP_SOURCE, warmUpFormatsOffMainThread } from './warm-up.ts';

describe('formatting', () => {
  it('prints rupees with Indian digit grouping', () => {
    expect(formatRupees(123456.5)).toBe('₹1,23,456.50');
    expect(formatRupees(0)).toBe('₹0.00');
  });

  it('prints the member-since date in long US format', () => {
    expect(formatLongDate('2026-11-21T10:00:00.000Z')).toBe('November 21, 2026');
  });

  it('prints N/A for a missing or unreadable date', () => {
    expect(formatLongDate(undefined)).toBe('N/A');
    expect(formatLongDate(null)).toBe('N/A');
    expect(formatLongDate('')).toBe('N/A');
    expect(formatLongDate('not a date')).toBe('N/A');
  });
});

/** An `Intl` whose two format constructors write down the arguments each format is made with. */
function recordingIntl(made: unknown[][]) {
  const { NumberFormat, DateTimeFormat } = Intl;
  return {
    ...Intl,
    NumberFormat: function (...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      made.push(['number', ...args]);
      return new NumberFormat(...args);
    },
    DateTimeFormat: function (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      made.push(['date', ...args]);
      return new DateTimeFormat(...args);
    },
  };
}

describe('the formats prepared off the main thread at start-up', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("makes exactly the page's rupee and date formats in a worker that then ends", async () => {
    const inWorker: unknown[][] = [];
    const close = vi.fn();
    // The worker's program, run here with a recording Intl and the worker's `close`.
    new Function('Intl', 'close', FORMATS_WARM_UP_SOURCE)(recordingIntl(inWorker), close);
    expect(inWorker).toEqual([
      ['number', ...RUPEE_FORMAT],
      ['date', ...LONG_DATE_FORMAT],
    ]);
    expect(close).toHaveBeenCalledOnce();

    // The page's own formats, made fresh: the same arguments, so they find what the worker prepared.
    const onPage: unknown[][] = [];
    vi.stubGlobal('Intl', recordingIntl(onPage));
    vi.resetModules();
    const [money, date] = await Promise.all([import('./money.ts'), import('./date.ts')]);
    money.formatRupees(1);
    date.formatLongDate('2026-11-28');
    expect(onPage).toEqual(inWorker);
  });

  it('starts one worker from a blob in a browser, and nothing where there are no workers', () => {
    const started: string[] = [];
    vi.stubGlobal(
      'Worker',
      class {
        constructor(url: string) {
          started.push(url);
        }
      },
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:warm-up');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    warmUpFormatsOffMainThread();
    expect(started).toEqual(['blob:warm-up']);
    expect(revoke).toHaveBeenCalledWith('blob:warm-up');

    vi.stubGlobal('Worker', undefined);
    warmUpFormatsOffMainThread();
    expect(started).toHaveLength(1);
  });
});
