import { http } from 'msw';
import type { CountryDto } from '../contract/resources/countries';
import { failed, ok } from './envelopes';

const STAMP = '2025-01-01T00:00:00.000Z';

/** The countries the mock API holds (the demo's, as `server/modules/countries` seeds them). */
export const MOCK_COUNTRIES: CountryDto[] = [
  {
    id: '0c000000-0000-4000-8000-000000000001',
    code: 'VN',
    name: 'Việt Nam',
    region: 'Asia',
    partnerCount: 0,
    createdAt: STAMP,
    updatedAt: STAMP,
    version: '1',
  },
  {
    id: '0c000000-0000-4000-8000-000000000002',
    code: 'SG',
    name: 'Singapore',
    region: 'Asia',
    partnerCount: 0,
    createdAt: STAMP,
    updatedAt: STAMP,
    version: '1',
  },
];

/** Search (the reference input's choices and getMany by ids) and getOne of countries. */
export const countryHandlers = [
  http.post('/api/v1/countries/search', async ({ request }) => {
    const body = (await request.json()) as { ids?: string[]; keyword?: string };
    const keyword = body.keyword?.toLowerCase() ?? '';
    const items = MOCK_COUNTRIES.filter((c) => (!body.ids || body.ids.includes(c.id)) && c.name.toLowerCase().includes(keyword));
    return ok({ items, totalCount: items.length, currentPage: 1, pageSize: Math.max(items.length, 1) });
  }),
  http.get('/api/v1/countries/:id', ({ params }) => {
    const country = MOCK_COUNTRIES.find((c) => c.id === params.id);
    return country ? ok(country) : failed(404, 'Not found');
  }),
];
