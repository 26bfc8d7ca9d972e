// CSV export and import at 50,000 rows (issue 29, item 3): `pnpm bench:csv [--rows N] [--json out.json]`.
// Seeds N products and N order lines (N/2 orders of two lines) with generate_series into PGlite kept in a
// folder on disk, as `pnpm start` keeps it, or into a throwaway database on the server DATABASE_URL names
// (dropped afterwards), starts the api in this process on a free port, and through real HTTP (the bodies
// streamed, never held whole): exports the products, exports the order lines, imports N new products, and
// re-imports the export with every price changed (N updates). Memory is sampled every 10 ms
// (process.memoryUsage): the peak RSS and JS heap of each step beside the baseline (the idle api, itself
// ~330 MB RSS with every module loaded); the goal is checked on the growth. On PGlite the database engine
// runs in this process, so its RSS includes the engine's working memory (its files are on disk; an
// in-memory PGlite would count the rows written as the import's memory); on PostgreSQL it is the api alone.
// Goals: export under 5 s, import under 30 s, memory under 200 MB. Run it holding the shared lock
// (flock /tmp/shop-heavy.lock): the figures move with the machine's load.
import { createReadStream, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { argument } from './bench-server.ts';
import { benchAdmin, startInProcessApi } from './in-process-api.ts';

const rows = Number(argument('rows') ?? 50_000);
const jsonOut = argument('json');
const GOALS = { exportSeconds: 5, importSeconds: 30, memoryMb: 200 };
const MB = 1024 * 1024;

/** Peak RSS and heap while `work` runs, sampled every 10 ms (after a full collection, with --expose-gc). */
async function measured<T>(work: () => Promise<T>) {
  global.gc?.();
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  };
  sample();
  const timer = setInterval(sample, 10);
  const started = performance.now();
  try {
    const result = await work();
    const seconds = (performance.now() - started) / 1000;
    sample();
    return { result, seconds, peakRssMb: peakRss / MB, peakHeapMb: peakHeap / MB };
  } finally {
    clearInterval(timer);
  }
}

let api = await startInProcessApi('csv', { pgliteOnDisk: true });
const { dataDir } = api;
const { db } = api.app.shop;

try {
  const { userId, auth } = await benchAdmin(api.app);

  // N products over the seven categories; N/2 orders of two lines each, one a minute back from now.
  const categories = `array['Laptop','Footwear','Bottom','Tops','Attire','Camera','SmartPhones']`;
  const started = performance.now();
  await db.execute(
    sql.raw(`
    insert into products (id, name, price_paise, description, category, stock, images)
    select substr(md5('csv-product' || g), 1, 24), 'Bench product ' || g, 10000 + (g * 7919) % 2490000,
      'A bench product, number ' || g || ', with a description of ordinary length for a catalog.',
      (${categories})[1 + g % 7], g % 50, '[]'::jsonb
    from generate_series(1, ${rows}) g`),
  );
  const orders = Math.ceil(rows / 2);
  await db.execute(
    sql.raw(`
    insert into orders (id, user_id, shipping_info, order_items, payment_id, payment_status, items_paise,
      tax_paise, shipping_paise, total_paise, order_status, created_at)
    select substr(md5('csv-order' || g), 1, 24), '${userId}',
      '{"address":"1 Bench Road","city":"Pune","state":"Maharashtra","country":"IN","pinCode":"411001","phoneNo":"9876543210"}'::jsonb,
      jsonb_build_array(
        jsonb_build_object('product', substr(md5('csv-product' || g), 1, 24), 'name', 'Bench product ' || g,
          'image', '/uploads/x.png', 'pricePaise', 49900, 'quantity', 1 + g % 3),
        jsonb_build_object('product', substr(md5('csv-product' || (g + 1)), 1, 24), 'name', 'Bench product ' || (g + 1),
          'image', '/uploads/x.png', 'pricePaise', 129950, 'quantity', 1)),
      'pi_csv_bench_' || g, 'succeeded', 49900 * (1 + g % 3) + 129950, 0, 0, 49900 * (1 + g % 3) + 129950,
      (array['Processing','Shipped','Delivered'])[1 + g % 3], now() - make_interval(mins => g)
    from generate_series(1, ${orders}) g`),
  );
  const seedSeconds = (performance.now() - started) / 1000;
  // Measured from a restart on the seeded data, as a shop's api runs: the seed grew PGlite's memory
  // (WebAssembly memory is never given back), which an import must not be credited with reusing.
  api = await api.restart();
  const { database } = api;
  const base = await api.app.listen({ port: 0, host: '127.0.0.1' });
  if (global.gc) global.gc();
  const baseline = process.memoryUsage();

  /** Streams a GET to a file (or nowhere), answering the rows and bytes it held. */
  async function download(url: string, file?: string) {
    const response = await fetch(`${base}/api/v1${url}`, { headers: auth });
    if (!response.ok || !response.body)
      throw new Error(`${url}: ${response.status} ${await response.text()}`);
    let bytes = 0;
    let lines = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of Readable.fromWeb(response.body as never)) {
      const buffer = chunk as Buffer;
      bytes += buffer.length;
      for (const byte of buffer) if (byte === 10) lines += 1;
      if (file) chunks.push(buffer);
    }
    if (file) writeFileSync(file, Buffer.concat(chunks));
    return { rows: lines - 1, bytes };
  }

  async function upload(file: string) {
    const response = await fetch(`${base}/api/v1/admin/products/import`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/csv', 'content-length': String(statSync(file).size) },
      body: Readable.toWeb(createReadStream(file)) as never,
      duplex: 'half',
    } as RequestInit);
    const answer = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`import: ${response.status} ${JSON.stringify(answer).slice(0, 500)}`);
    return answer;
  }

  const exportFile = path.join(dataDir, 'products.csv');
  const steps: Record<string, Awaited<ReturnType<typeof measured>> & { what: string }> = {};
  // The products export is kept (outside the measured step) to be re-imported with new prices below.
  const products = await measured(() => download('/admin/products/export.csv'));
  steps['export products'] = {
    ...products,
    what: `${products.result.rows} rows, ${(products.result.bytes / MB).toFixed(1)} MB`,
  };
  await download('/admin/products/export.csv', exportFile);
  const orderLines = await measured(() => download('/admin/orders/export.csv'));
  steps['export order lines'] = {
    ...orderLines,
    what: `${orderLines.result.rows} rows, ${(orderLines.result.bytes / MB).toFixed(1)} MB`,
  };

  // N new products (the export's rows without their ids), and the export with every price one rupee up
  // (N updates). Written out here, in a function of its own, so none of the text is held while measuring.
  const createFile = path.join(dataDir, 'create.csv');
  const updateFile = path.join(dataDir, 'update.csv');
  (function prepareImports() {
    const [head, ...body] = readFileSync(exportFile, 'utf8').split('\r\n').filter(Boolean);
    writeFileSync(createFile, [head, ...body.map((line) => line.replace(/^[0-9a-f]{24}/, ''))].join('\r\n'));
    const raised = body.map((line) =>
      line.replace(
        /^([0-9a-f]{24},[^,]*,)(\d+)\.(\d\d)/,
        (_match, lead: string, rupees: string, paise: string) => `${lead}${Number(rupees) + 1}.${paise}`,
      ),
    );
    writeFileSync(updateFile, [head, ...raised].join('\r\n'));
  })();
  const createFileMb = statSync(createFile).size / MB;
  const created = await measured(() => upload(createFile));
  steps['import: create'] = {
    ...created,
    what: `${JSON.stringify(created.result)} (${createFileMb.toFixed(1)} MB)`,
  };

  const updated = await measured(() => upload(updateFile));
  steps['import: update'] = { ...updated, what: JSON.stringify(updated.result) };

  const table = Object.fromEntries(
    Object.entries(steps).map(([name, step]) => {
      const goal = name.startsWith('export') ? GOALS.exportSeconds : GOALS.importSeconds;
      return [
        name,
        {
          rows: step.what,
          seconds: Math.round(step.seconds * 100) / 100,
          [`goal s`]: `< ${goal} ${step.seconds < goal ? 'yes' : 'NO'}`,
          'peak RSS MB': Math.round(step.peakRssMb),
          'RSS growth MB': Math.round(step.peakRssMb - baseline.rss / MB),
          'peak heap MB': Math.round(step.peakHeapMb),
          [`growth < ${GOALS.memoryMb} MB`]:
            step.peakRssMb - baseline.rss / MB < GOALS.memoryMb ? 'yes' : 'NO',
        },
      ];
    }),
  );
  console.info(
    `CSV export/import at ${rows.toLocaleString('en')} rows on ${database.kind} (seeded in ${seedSeconds.toFixed(1)} s; ` +
      `baseline RSS ${Math.round(baseline.rss / MB)} MB, heap ${Math.round(baseline.heapUsed / MB)} MB). ` +
      `Memory goal checked on the RSS growth over the idle api${database.kind === 'pglite' ? ' (on PGlite it includes the database engine running in this process)' : ''}:`,
  );
  console.table(table);
  if (jsonOut)
    writeFileSync(
      jsonOut,
      JSON.stringify({ rows, database: database.kind, baseline, steps: table }, null, 2),
    );
} finally {
  await api.close();
}
