import { SegmentedMessage } from 'sms-segments-calculator';

export interface SmsSize {
  characters: number;
  segments: number;
  /** GSM-7 fits 160 characters in one SMS (153 a part when split); UCS-2 only 70 (67). */
  encoding: 'GSM-7' | 'UCS-2';
  /** The characters that force UCS-2, e.g. '—' or curly quotes. */
  nonGsmCharacters: string[];
}

/**
 * How a text goes as SMS (issue 31): its length and how many SMS parts the network bills, by
 * Twilio's own segment calculator (GSM-7 unless a character needs UCS-2; extension characters
 * such as '€' take two places).
 */
export function smsSize(text: string): SmsSize {
  const message = new SegmentedMessage(text, 'auto');
  return {
    characters: [...text].length,
    segments: message.segmentsCount,
    encoding: message.encodingName === 'UCS-2' ? 'UCS-2' : 'GSM-7',
    nonGsmCharacters: [...new Set<string>(message.getNonGsmCharacters())],
  };
}

/** '466 characters · 4 SMS parts (UCS-2 because of —)'. */
export function describeSmsSize(size: SmsSize): string {
  const parts = `${size.segments} SMS ${size.segments === 1 ? 'part' : 'parts'}`;
  const because =
    size.encoding === 'UCS-2' && size.nonGsmCharacters.length > 0
      ? ` (UCS-2 because of ${size.nonGsmCharacters.slice(0, 5).join(' ')})`
      : ` (${size.encoding})`;
  return `${size.characters.toLocaleString('en-GB')} characters · ${parts}${because}`;
}
