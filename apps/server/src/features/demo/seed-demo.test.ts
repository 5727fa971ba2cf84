// The demo seed shows the risk verdict of decision 0013 on its risk clients: one whose stated horizon caps the
// class (and whose own estimate is flagged above it), one whose failed knowledge questions do; every new
// demo result is computed under the newest definition version.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, interactionInstances } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedDemo } from './seed-demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function resultOf(lastName: string) {
  const [row] = await t.db
    .select({ results: interactionInstances.results, definitionVersion: interactionInstances.definitionVersion })
    .from(interactionInstances)
    .innerJoin(clients, eq(clients.id, interactionInstances.clientId))
    .where(eq(clients.lastName, lastName));
  return row!;
}

describe('seedDemo', () => {
  it('seeds risk clients whose verdict a horizon and a knowledge test cap, once', async () => {
    expect(await seedDemo(t.db)).toBe(true);
    expect(await seedDemo(t.db)).toBe(false);

    const becker = await resultOf('Becker');
    expect(becker.definitionVersion).toBe(2);
    const lowering = (r: typeof becker) => (r.results!.risk!.rules ?? []).filter((x) => x.lowers).map((x) => x.key);
    expect(lowering(becker)).toEqual(['horizon']);
    expect(becker.results!.risk!.suitableClass).toBe(2);
    expect(becker.results!.risk!.consistency).toMatchObject({ flagged: true, direction: 'ABOVE' });

    const bennett = await resultOf('Bennett');
    expect(lowering(bennett)).toEqual(['knowledge_test']);
    expect(bennett.results!.risk!.knowledge!.failed.map((f) => f.item)).toEqual(['knowledge_check_1', 'knowledge_check_2']);
    expect(bennett.results!.risk!.consistency.flagged).toBe(false);

    for (const lastName of ['Richter', 'Neumann']) {
      const other = await resultOf(lastName);
      expect(other.definitionVersion, lastName).toBe(2);
      expect(other.results!.risk!.consistency.flagged, lastName).toBe(false);
    }
  });
});
