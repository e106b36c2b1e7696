// Seed for the tracking benchmark: a realistic spread of leaseholders and links, from a fixed
// pseudo-random sequence so every run (and both engines) gets the same data.
import type { Insertable } from 'kysely';
import type { AppContext } from '../src/server/context.js';
import type { PaymentsTable } from '../src/server/db/schema.js';
import { newId, randomToken } from '../src/server/lib/ids.js';
import { tenantSearchText } from '../src/server/modules/payment-links/tenant-search-text.js';

const DAY = 86_400_000;
const MINUTE = 60_000;

const FIRST = [
  'Margaret',
  'David',
  'Sarah',
  'James',
  'Aisha',
  'Mohammed',
  'Emily',
  'Oliver',
  'Priya',
  'Thomas',
  'Chloe',
  'Daniel',
  'Fatima',
  'George',
  'Hannah',
  'Ioan',
  'Jessica',
  'Kwame',
  'Laura',
  'Michael',
  'Niamh',
  'Owen',
  'Rachel',
  'Samuel',
  'Siobhán',
  'Zoë',
  'Amelia',
  'Harry',
  'Grace',
  'Rhys',
];
const LAST = [
  'Smith',
  'Jones',
  'Williams',
  'Taylor',
  'Brown',
  'Davies',
  'Evans',
  'Wilson',
  'Thomas',
  'Roberts',
  'Johnson',
  'Lewis',
  'Walker',
  'Robinson',
  'Wood',
  'Thompson',
  'White',
  'Watson',
  'Jackson',
  'Wright',
  'Green',
  'Harris',
  'Cooper',
  'King',
  'Lee',
  'Martin',
  'Clarke',
  'James',
  'Morgan',
  'Hughes',
  'Edwards',
  'Hill',
  'Moore',
  'Clark',
  'Harrison',
  'Scott',
  'Young',
  'Morris',
  'Hall',
  'Ward',
  'Turner',
  'Carter',
  'Phillips',
  'Mitchell',
  'Patel',
  'Adams',
  'Campbell',
  'Anderson',
  'Allen',
  'Cook',
  'Bailey',
  'Parker',
  'Miller',
  'Davis',
  'Murphy',
  'Price',
  'Bell',
  'Baker',
  'Griffiths',
  'Kelly',
  'Simpson',
  'Marshall',
  'Collins',
  'Bennett',
  'Cox',
  'Richardson',
  'Fox',
  'Gray',
  'Rose',
  'Chapman',
  'Hunt',
  'Robertson',
  'Shaw',
  'Reynolds',
  'Lloyd',
  'Ellis',
  'Richards',
  'Russell',
  'Wilkinson',
  'Khan',
  'Graham',
  'Stewart',
  'Reid',
  'Murray',
  'Powell',
  'Palmer',
  'Holmes',
  'Rogers',
  'Stevens',
  'Walsh',
  'Hunter',
  'Thomson',
  'Matthews',
  'Ross',
  'Owen',
  'Mason',
  'Knight',
  'Kennedy',
  'Butler',
  'Saunders',
  'Ó Súilleabháin',
];
const BUILDING = [
  'Riverside',
  'Mill',
  'Quay',
  'Harbour',
  'Chapel',
  'Victoria',
  'Albert',
  'Station',
  'Park',
  'Canal',
  'Wharf',
  'Granary',
  'Foundry',
  'Observatory',
  'Linden',
  'Beech',
  'Cedar',
  'Maple',
  'Willow',
  'Rowan',
];
const KIND = ['Court', 'House', 'Lofts', 'Point', 'Mansions'];
const STREET = [
  'High Street',
  'Church Road',
  'Mill Lane',
  'Station Road',
  'London Road',
  'Queen Street',
  'King Street',
  'Victoria Road',
  'Park Avenue',
  'Green Lane',
  'Manor Road',
  'The Crescent',
  'Castle Street',
  'New Road',
  'Bridge Street',
  'Market Place',
  'North Street',
  'South Parade',
  'West End',
  'Albion Road',
];
const TOWN = [
  ['London', 'SE1'],
  ['Manchester', 'M1'],
  ['Bristol', 'BS1'],
  ['Leeds', 'LS1'],
  ['Cardiff', 'CF10'],
  ['Brighton', 'BN1'],
  ['Bath', 'BA1'],
  ['York', 'YO1'],
  ['Oxford', 'OX1'],
  ['Glasgow', 'G1'],
] as const;

/** Mulberry32: a small, fast, deterministic generator. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * About `links` links for about 0.8 × as many leaseholders over two years: a fifth of them were
 * renewed once (the old link expired and replaced). 400 buildings on 20 streets in 10 towns, so
 * a building matches about 0.3% of leaseholders, a surname about 1%, a town about 10%. Today:
 * links sent in the last week are pending (a few settling a payment), older ones paid (with their
 * payments, some of them today), expired or failed.
 */
export async function seedTrackingData(ctx: AppContext, links: number, now: number) {
  const random = generator(20261122);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const tenantCount = Math.round(links / 1.2);
  let made = 0;
  let tenantNumber = 0;
  while (made < links) {
    const tenants = [];
    const rows = [];
    const payments: Insertable<PaymentsTable>[] = [];
    for (let i = 0; i < 500 && made < links; i += 1, tenantNumber += 1) {
      const first = pick(FIRST);
      const last = pick(LAST);
      const building = Math.floor(random() * 400);
      const [town, postcode] = TOWN[building % TOWN.length]!;
      const fields = {
        id: newId(),
        name: `${first} ${last}`,
        email:
          random() < 0.9
            ? `${first}.${last}${tenantNumber}@example.co.uk`
                .toLowerCase()
                .replace(/[^a-z0-9.@]/g, '')
            : null,
        phone: `+4477009${String(tenantNumber % 100_000).padStart(5, '0')}`,
        phone_kind: 'mobile' as const,
        address: `Flat ${1 + Math.floor(random() * 120)}, ${BUILDING[building % BUILDING.length]} ${KIND[Math.floor(building / 80)]}, ${1 + (building % 97)} ${STREET[building % STREET.length]}, ${town} ${postcode} ${1 + Math.floor(random() * 9)}AB`,
      };
      const createdTenant = now - Math.floor(random() * 730 * DAY);
      tenants.push({
        ...fields,
        search_text: tenantSearchText(fields),
        created_at: createdTenant,
      });
      const renewed = tenantNumber < tenantCount && random() < 0.2 && made + 2 <= links;
      const linkCount = renewed ? 2 : 1;
      let createdAt = Math.min(now - MINUTE, createdTenant + Math.floor(random() * 30 * DAY));
      let previous: { id: string } | null = null;
      for (let n = 0; n < linkCount; n += 1, made += 1) {
        const id = randomToken(16);
        const amount = 5_000 + Math.floor(random() * random() * 500_000);
        const expiresAt = createdAt + 7 * DAY;
        const fate = random();
        let status: 'pending' | 'paid' | 'expired' | 'failed';
        let paidAt: number | null = null;
        let processingSince: number | null = null;
        if (previous) {
          status = 'pending';
        } else if (expiresAt > now) {
          status = 'pending';
          if (fate < 0.25) {
            status = 'paid';
            paidAt = createdAt + Math.floor(random() * (now - createdAt));
          } else if (fate < 0.27) processingSince = now - Math.floor(random() * DAY);
        } else if (fate < 0.7) {
          status = 'paid';
          paidAt = createdAt + Math.floor(random() * 7 * DAY);
        } else if (fate < 0.95) status = 'expired';
        else status = 'failed';
        if (previous === null && renewed) {
          status = 'expired';
          paidAt = null;
          processingSince = null;
        }
        if (status === 'pending' && expiresAt <= now && processingSince === null)
          status = 'expired';
        if (status === 'paid' && paidAt !== null && paidAt > now) paidAt = now - MINUTE;
        rows.push({
          id,
          tenant_id: fields.id,
          batch_id: null,
          batch_row: null,
          amount_pence: amount,
          status,
          expires_at: expiresAt,
          created_at: createdAt,
          paid_at: paidAt,
          replaced_by: null as string | null,
          opened_at: null,
          processing_since: processingSince,
          failure_reason: status === 'failed' ? 'card_declined' : null,
          search_text: tenantSearchText(fields),
        });
        if (previous) rows[rows.length - 2]!.replaced_by = id;
        if (paidAt !== null) {
          payments.push({
            id: newId(),
            link_id: id,
            provider: 'demo',
            provider_ref: `bench_${id}`,
            method: 'card',
            amount_pence: amount,
            currency: 'gbp',
            status: 'succeeded',
            failure_reason: null,
            created_at: paidAt,
            updated_at: paidAt,
            paid_at: paidAt,
          });
        }
        previous = { id };
        // A renewal: sent when the first link lapsed, or within the last week.
        createdAt = Math.min(
          now - MINUTE,
          Math.max(expiresAt, now - Math.floor(random() * 7 * DAY)),
        );
      }
    }
    await ctx.db.insertInto('tenants').values(tenants).execute();
    await ctx.db.insertInto('payment_links').values(rows).execute();
    if (payments.length > 0) await ctx.db.insertInto('payments').values(payments).execute();
  }
  return { tenants: tenantNumber, links: made };
}
