import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareAndSet, readState } from '../../src/features/units/unit-state.repository';
import { type TestApp, buildTestApp, testDialect } from '../helpers';

describe(`unit state compare-and-set on ${testDialect}`, () => {
  let t: TestApp;
  let positionId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    positionId = (await t.deps.db.selectFrom('positions').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t.close());

  it('starts at the default status and lets exactly one of many concurrent writers win', async () => {
    const day = '2026-07-04';
    const s0 = await readState(t.deps.db, positionId, day, 'U');
    expect(s0).toMatchObject({ status: 0, version: 0 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        compareAndSet(t.deps.db, positionId, day, 0, { status: 1, holdCartId: `cart-${i}` }, { userId: null, now: i }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const s1 = await readState(t.deps.db, positionId, day, 'U');
    expect(s1).toMatchObject({ status: 1, version: 1 });
    const again = await Promise.all(
      Array.from({ length: 20 }, () =>
        compareAndSet(t.deps.db, positionId, day, 1, { status: 2 }, { userId: null, now: 5 }),
      ),
    );
    expect(again.filter(Boolean)).toHaveLength(1);
    expect(await readState(t.deps.db, positionId, day, 'U')).toMatchObject({ status: 2, version: 2, holdCartId: null });
  });
});
