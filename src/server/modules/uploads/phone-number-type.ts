import {
  type CountryCallingCode,
  type CountryCode,
  Metadata,
  type NationalNumber,
  type NumberType,
  type PhoneNumberType,
} from 'libphonenumber-js/core';
import metadataJson from 'libphonenumber-js/metadata.max.json';

/**
 * `PhoneNumber.isValid()` and `.getType()` of libphonenumber-js (max metadata), with each
 * numbering plan's regular expressions compiled once instead of on every call.
 *
 * The library's `matchesEntirely` runs `new RegExp('^(?:' + pattern + ')$')` per test, and
 * `isValid()` and `getType()` each run `getNumberType` (up to ~10 such patterns). This is a
 * line-for-line copy of `es6/helpers/getNumberType.js` (`getNumberType`, `isNumberTypeEqualTo`)
 * and `es6/isValid.js` as of libphonenumber-js 1.13.16, reading the same metadata through the
 * library's own `Metadata` accessors. parse-phone.test.ts checks it against the library.
 */

/** The parts of a parsed `PhoneNumber` that validation and classification read. */
export type PhoneNumberParts = {
  country?: CountryCode | undefined;
  countryCallingCode: CountryCallingCode;
  nationalNumber: NationalNumber;
};

export type NumberClassification = { valid: boolean; type: NumberType };

/** The order in which getNumberType tries the types other than fixed line. */
const NON_FIXED_LINE_PHONE_TYPES = [
  'MOBILE',
  'PREMIUM_RATE',
  'TOLL_FREE',
  'SHARED_COST',
  'VOIP',
  'PERSONAL_NUMBER',
  'PAGER',
  'UAN',
  'VOICEMAIL',
] as const satisfies readonly PhoneNumberType[];

/**
 * Runtime methods of libphonenumber-js's `Metadata` that its type declarations leave out
 * (es6/metadata.js). Checked when first used, so a library upgrade that drops them fails loudly.
 */
type TypeDefinition = { pattern(): string; possibleLengths(): number[] | undefined };
type MetadataAccessors = {
  selectNumberingPlan(countryOrCallingCode: string): unknown;
  nationalNumberPattern(): string;
  hasTypes(): boolean;
  type(type: PhoneNumberType): TypeDefinition | undefined;
  leadingDigits(): string | undefined;
};

/** `isNumberTypeEqualTo` for one type, precomputed: null when it can never match. */
type TypeRule = { lengths: readonly number[] | undefined; regex: RegExp } | null;

type NumberingPlanRules = {
  /** The plan's "leading digits" (getCountryByNationalNumber's shortcut), if it has them. */
  leadingDigits: RegExp | null;
  hasTypes: boolean;
  nationalNumber: RegExp;
  fixedLine: TypeRule;
  /** MOBILE absent or with an empty pattern (deduplicated against FIXED_LINE). */
  fixedLineMayBeMobile: boolean;
  mobile: TypeRule;
  nonFixedLine: { type: PhoneNumberType; rule: NonNullable<TypeRule> }[];
};

/** Exactly the expression `matchesEntirely` builds. */
function entireMatch(pattern: string): RegExp {
  return new RegExp(`^(?:${pattern})$`);
}

function matches(rule: TypeRule, nationalNumber: string): boolean {
  if (!rule) return false;
  if (rule.lengths && rule.lengths.indexOf(nationalNumber.length) < 0) return false;
  return rule.regex.test(nationalNumber);
}

let metadata: MetadataAccessors | undefined;

function metadataAccessors(): MetadataAccessors {
  if (metadata) return metadata;
  const instance = new Metadata(metadataJson) as unknown as Partial<MetadataAccessors>;
  for (const method of [
    'selectNumberingPlan',
    'nationalNumberPattern',
    'hasTypes',
    'type',
    'leadingDigits',
  ]) {
    if (typeof instance[method as keyof MetadataAccessors] !== 'function') {
      throw new Error(`libphonenumber-js Metadata has no ${method}(): update phone-number-type.ts`);
    }
  }
  metadata = instance as MetadataAccessors;
  return metadata;
}

function typeRule(definition: TypeDefinition | undefined): TypeRule {
  const pattern = definition?.pattern();
  if (!definition || !pattern) return null;
  return { lengths: definition.possibleLengths(), regex: entireMatch(pattern) };
}

function buildRules(countryOrCallingCode: string): NumberingPlanRules {
  const meta = metadataAccessors();
  meta.selectNumberingPlan(countryOrCallingCode);
  // Metadata.type() is undefined for every type when the plan has no types.
  const mobileDefinition = meta.type('MOBILE');
  const nonFixedLine: NumberingPlanRules['nonFixedLine'] = [];
  for (const type of NON_FIXED_LINE_PHONE_TYPES) {
    const rule = typeRule(meta.type(type));
    if (rule) nonFixedLine.push({ type, rule });
  }
  const leadingDigits = meta.leadingDigits();
  return {
    leadingDigits: leadingDigits ? new RegExp(leadingDigits) : null,
    hasTypes: meta.hasTypes(),
    nationalNumber: entireMatch(meta.nationalNumberPattern()),
    fixedLine: typeRule(meta.type('FIXED_LINE')),
    fixedLineMayBeMobile: !mobileDefinition || mobileDefinition.pattern() === '',
    mobile: typeRule(mobileDefinition),
    nonFixedLine,
  };
}

/** Keyed by country, or by calling code for non-geographic numbers (as the library selects). */
const rulesByPlan = new Map<string, NumberingPlanRules>();

function rulesFor(countryOrCallingCode: string): NumberingPlanRules {
  let rules = rulesByPlan.get(countryOrCallingCode);
  if (!rules) {
    rules = buildRules(countryOrCallingCode);
    rulesByPlan.set(countryOrCallingCode, rules);
  }
  return rules;
}

function numberType(rules: NumberingPlanRules, nationalNumber: string): NumberType {
  if (!rules.nationalNumber.test(nationalNumber)) return undefined;
  if (matches(rules.fixedLine, nationalNumber)) {
    if (rules.fixedLineMayBeMobile || matches(rules.mobile, nationalNumber)) {
      return 'FIXED_LINE_OR_MOBILE';
    }
    return 'FIXED_LINE';
  }
  for (const { type, rule } of rules.nonFixedLine) {
    if (matches(rule, nationalNumber)) return type;
  }
  return undefined;
}

/** `{ valid: phone.isValid(), type: phone.getType() }`, for a number parsed with max metadata. */
export function classifyPhoneNumber(phone: PhoneNumberParts): NumberClassification {
  const plan = phone.country || phone.countryCallingCode;
  if (!plan) return { valid: false, type: undefined };
  const rules = rulesFor(plan);
  // matchesEntirely tests `text || ''`.
  const nationalNumber = phone.nationalNumber || '';
  const type = numberType(rules, nationalNumber);
  // isValid: with type patterns, valid iff it has a type; else the national pattern decides.
  const valid = rules.hasTypes ? type !== undefined : rules.nationalNumber.test(nationalNumber);
  return { valid, type };
}

/**
 * `getCountryByNationalNumber` (es6/helpers/getCountryByNationalNumber.js) for the countries that
 * share a calling code, in the library's order: the first whose leading digits start the number
 * or, for a country without leading digits, the first for which the number has a type.
 */
export function countryOfNationalNumber(
  nationalNumber: string,
  countries: readonly CountryCode[],
): CountryCode | undefined {
  for (const country of countries) {
    const rules = rulesFor(country);
    if (rules.leadingDigits) {
      if (nationalNumber.search(rules.leadingDigits) === 0) return country;
    } else if (numberType(rules, nationalNumber) !== undefined) {
      return country;
    }
  }
  return undefined;
}
