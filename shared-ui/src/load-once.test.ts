import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once.ts';

describe('loadOnce', () => {
  it('downloads once however often it is asked, and says when it is done', async () => {
    const download = vi.fn(async () => 'entry');
    const load = loadOnce(download);
    const first = load();
    expect(load()).toBe(first);
    await expect(first).resolves.toBe('entry');
    expect(first).toMatchObject({ status: 'fulfilled', value: 'entry' });
    expect(download).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed download, so the next call tries again', async () => {
    const download = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('entry');
    const load = loadOnce(download);
    await expect(load()).rejects.toThrow('offline');
    await expect(load()).resolves.toBe('entry');
    expect(download).toHaveBeenCalledTimes(2);
  });
});
