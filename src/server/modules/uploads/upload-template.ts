import { CSV_BOM, toCsvLine } from '../../../shared/csv.js';
import { TEMPLATE_COLUMNS } from '../../../shared/upload.js';

/** GET /api/upload/template: the required columns, the optional reference, and one example. */
export function uploadTemplateCsv(): string {
  return `${CSV_BOM}${toCsvLine(TEMPLATE_COLUMNS)}${toCsvLine([
    'Margaret Hughes',
    'margaret.hughes@example.co.uk',
    '07911 123456',
    'Flat 3, 12 Riverside Court, London SE1 9AA',
    '1245.50',
    'RIV-F3',
  ])}`;
}
