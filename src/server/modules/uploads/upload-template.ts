import { CSV_BOM, toCsvLine } from '../../../shared/csv.js';
import { REQUIRED_COLUMNS } from '../../../shared/upload.js';

/** GET /api/upload/template: the required columns and one example leaseholder. */
export function uploadTemplateCsv(): string {
  return `${CSV_BOM}${toCsvLine(REQUIRED_COLUMNS)}${toCsvLine([
    'Margaret Hughes',
    'margaret.hughes@example.co.uk',
    '07911 123456',
    'Flat 3, 12 Riverside Court, London SE1 9AA',
    '1245.50',
  ])}`;
}
