// What an adverse-impact report may show (docs/decisions/0051): no group of fewer than k people; no group that
// differs from a group an earlier report of the account showed by fewer than k people (in membership, selection or
// place against the median), so subtracting two reports never isolates a person; and never exactly one hidden group
// in a line whose total is known (complementary suppression), so a hidden figure is not the total minus the others.
export type Hidden = 'TOO_FEW' | 'SUPPRESSED' | null;

export interface Member {
  instanceId: string;
  selected: boolean;
  aboveMedian: boolean | null;
}

export interface GuardCell {
  /** Unique within the report: "table|group". */
  key: string;
  members: Member[];
  hidden: Hidden;
  /** Cells never shown (the people of a line who did not state the other category), counted in lines only. */
  alwaysHidden?: boolean;
}

/** Lines whose total another figure of the report gives away: a category with its "not stated", a row, a column. */
export type Line = GuardCell[];

const fingerprint = (m: Member) => `${m.instanceId}:${m.selected ? 1 : 0}:${m.aboveMedian === null ? '-' : m.aboveMedian ? 1 : 0}`;

export function fingerprints(cell: GuardCell): string[] {
  return cell.members.map(fingerprint).sort();
}

/** People whose row differs between two fingerprint lists. */
function peopleDiffering(a: readonly string[], b: readonly string[]): number {
  const setA = new Set(a);
  const setB = new Set(b);
  const differing = new Set<string>();
  for (const f of a) if (!setB.has(f)) differing.add(f.split(':')[0]!);
  for (const f of b) if (!setA.has(f)) differing.add(f.split(':')[0]!);
  return differing.size;
}

export function applyGuard(cells: GuardCell[], lines: Line[], k: number, released: readonly Record<string, string[]>[]): void {
  for (const cell of cells) {
    if (cell.alwaysHidden) continue;
    if (cell.members.length < k) {
      cell.hidden = 'TOO_FEW';
      continue;
    }
    const mine = fingerprints(cell);
    const tooClose = released.some((release) => {
      const earlier = release[cell.key];
      if (!earlier) return false;
      const d = peopleDiffering(mine, earlier);
      return d > 0 && d < k;
    });
    if (tooClose) cell.hidden = 'SUPPRESSED';
  }
  const isHidden = (c: GuardCell) => c.alwaysHidden || c.hidden !== null;
  for (let changed = true; changed; ) {
    changed = false;
    for (const line of lines) {
      const hiddenWithPeople = line.filter((c) => isHidden(c) && c.members.length > 0);
      if (hiddenWithPeople.length !== 1) continue;
      const candidates = line.filter((c) => !isHidden(c) && c.members.length > 0).sort((a, b) => a.members.length - b.members.length);
      if (candidates.length === 0) continue;
      candidates[0]!.hidden = 'SUPPRESSED';
      changed = true;
    }
  }
}
