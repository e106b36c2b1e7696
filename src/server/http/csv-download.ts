import { pipeline, Readable } from 'node:stream';
import { TZDate } from '@date-fns/tz';
import { stringify } from 'csv-stringify';
import { format } from 'date-fns';
import type { FastifyReply } from 'fastify';
import { type CsvValue, formulaSafe } from '../../shared/csv.js';
import { UK_TIME_ZONE } from '../../shared/dates.js';

/**
 * Rows as a CSV for Excel, streamed as they come: a BOM so £ and accents show, every cell quoted,
 * a cell that would start a formula neutralised, and CRLF line ends. An error part-way (the
 * database went away, the browser left) ends the download, not the process.
 */
export function csvStream(
  rows: AsyncIterable<readonly CsvValue[]>,
  onError: (error: Error) => void = () => {},
): Readable {
  const csv = stringify({
    bom: true,
    quoted: true,
    quoted_empty: true,
    record_delimiter: 'windows',
  });
  return pipeline(Readable.from(formulaSafeRows(rows)), csv, (error) => {
    if (error) onError(error);
  });
}

async function* formulaSafeRows(rows: AsyncIterable<readonly CsvValue[]>) {
  for await (const row of rows) yield row.map(formulaSafe);
}

/** Sends `csv` as a download named `{name}-2026-11-25.csv`, dated in UK time. */
export function sendCsvDownload(
  reply: FastifyReply,
  name: string,
  now: number,
  csv: (onError: (error: Error) => void) => Readable,
): FastifyReply {
  const filename = `${name}-${format(new TZDate(now, UK_TIME_ZONE), 'yyyy-MM-dd')}.csv`;
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csv((error) => reply.log.error({ err: error }, `${name} export failed`)));
}
