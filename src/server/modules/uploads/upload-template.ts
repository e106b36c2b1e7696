import { REQUIRED_COLUMNS } from '../../../shared/upload.js';
import { csvLine } from './csv-cell.js';

/** GET /api/upload/template: the required columns and one example leaseholder. */
export function uploadTemplateCsv(): string {
  return `\uFEFF${csvLine([...REQUIRED_COLUMNS])}${csvLine([
    'Margaret Hughes',
    'margaret.hughes@example.co.uk',
    '07911 123456',
    'Flat 3, 12 Riverside Court, London SE1 9AA',
    '1245.50',
  ])}`;
}
