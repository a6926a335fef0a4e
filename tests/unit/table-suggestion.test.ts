import { bookingRulesSchema } from '@/server/booking/rules';
import { keptTables, seatsOf, suggestTables, tableOptions, takenTables, turnOf, type Seating } from '@/server/booking/tables';

/** Issue 44: the table suggested for a party, the turn times, what a day's seatings take. */
const rules = bookingRulesSchema.parse({
  tables: [
    { name: '1', zone: 'sala', seats: { min: 1, max: 2 } },
    { name: '2', zone: 'sala', seats: { min: 2, max: 4 } },
    { name: '3', zone: 'sala', seats: { min: 2, max: 4 } },
    { name: '4', zone: 'sala', seats: { min: 4, max: 6 } },
    { name: '9', zone: 'sala', seats: { min: 1, max: 2 } },
    { name: '20', zone: 'terrazza', seats: { min: 2, max: 4 } },
  ],
  tableCombinations: [{ tables: ['2', '3'] }, { tables: ['3', '4'], seats: { min: 7, max: 9 } }],
  turnMinutes: [
    { upTo: 2, minutes: 90 },
    { upTo: 4, minutes: 120 },
    { upTo: 8, minutes: 150 },
  ],
});
const at = (time: string, covers: number, tables: string[] | null, zone = 'sala'): Seating => ({ time, covers, tables, zone });
const party = (time: string, covers: number, zone = 'sala') => ({ time, covers, zone });

describe('table suggestion (issue 44)', () => {
  it('reads the turn time by party size: the first entry that takes it in, else the last; none listed, 120 minutes', () => {
    expect([1, 2, 3, 4, 5, 8, 20].map((pax) => turnOf(rules, pax))).toEqual([90, 90, 120, 120, 150, 150, 150]);
    expect(turnOf(bookingRulesSchema.parse({}), 6)).toBe(120);
  });

  it("orders a zone's options: single tables by seats, then its listed combinations; seats of a combination summed unless listed", () => {
    expect(tableOptions(rules, 'sala').map((o) => `${o.tables.join('+')}:${o.min}-${o.max}`)).toEqual(['1:1-2', '9:1-2', '2:2-4', '3:2-4', '4:4-6', '2+3:4-8', '3+4:7-9']);
    expect(tableOptions(rules, 'terrazza').map((o) => o.tables.join('+'))).toEqual(['20']);
    expect(seatsOf(rules, ['3', '2'])).toEqual({ min: 4, max: 8 });
    expect(seatsOf(rules, ['4', '3'])).toEqual({ min: 7, max: 9 });
  });

  it('gives the smallest free table that seats the party, in its zone', () => {
    expect(suggestTables(rules, [], party('20:00', 2))).toEqual(['1']);
    expect(suggestTables(rules, [], party('20:00', 3))).toEqual(['2']);
    expect(suggestTables(rules, [], party('20:00', 5))).toEqual(['4']);
    expect(suggestTables(rules, [], party('20:00', 2, 'terrazza'))).toEqual(['20']);
    // A party of 1 at a table of 2 to 4 would be below its seats: only tables 1 and 9 take it.
    expect(suggestTables(rules, [at('20:00', 2, ['1']), at('20:00', 2, ['9'])], party('20:00', 1))).toBeNull();
  });

  it('takes a combination only when no single table fits, the smallest whose tables are all free', () => {
    expect(suggestTables(rules, [], party('20:00', 7))).toEqual(['2', '3']);
    expect(suggestTables(rules, [at('19:00', 2, ['2'])], party('20:00', 7))).toEqual(['3', '4']);
    expect(suggestTables(rules, [at('19:00', 2, ['2']), at('20:30', 4, ['4'])], party('20:00', 7))).toBeNull();
    expect(suggestTables(rules, [], party('20:00', 10))).toBeNull();
  });

  it("frees a table once the turn before ends, and keeps it while a later party's turn would overlap", () => {
    // 2 guests at 19:00 hold table 1 until 20:30 (90 minutes).
    const seatings = [at('19:00', 2, ['1'])];
    expect(suggestTables(rules, seatings, party('20:00', 2))).toEqual(['9']);
    expect(suggestTables(rules, seatings, party('20:30', 2))).toEqual(['1']);
    // A party of 2 at 17:45 would still sit at 19:00 (90 minutes: until 19:15).
    expect(suggestTables(rules, seatings, party('17:45', 2))).toEqual(['9']);
    expect(suggestTables(rules, seatings, party('17:30', 2))).toEqual(['1']);
  });

  it('counts the parties without a table (holds, offers) of the zone as seated at the smallest option free, largest first', () => {
    const holds = [at('20:00', 4, null), at('20:00', 2, null), at('20:00', 2, null, 'terrazza')];
    expect([...takenTables(rules, holds, party('20:00', 2))].sort()).toEqual(['1', '2']);
    expect(suggestTables(rules, holds, party('20:00', 2))).toEqual(['9']);
    // A party that left or never came is read with no tables ([]): it holds none.
    expect(suggestTables(rules, [at('20:00', 2, [])], party('20:00', 2))).toEqual(['1']);
  });

  it('keeps the tables of a changed booking while they are free and seat the new party, else suggests again', () => {
    const current = { tables: ['3'], zone: 'sala' };
    expect(keptTables(rules, [], current, party('21:00', 4))).toEqual(['3']);
    expect(keptTables(rules, [], current, party('21:00', 6))).toEqual(['4']);
    expect(keptTables(rules, [at('21:30', 2, ['3'])], current, party('21:00', 3))).toEqual(['2']);
    expect(keptTables(rules, [], current, party('21:00', 3, 'terrazza'))).toEqual(['20']);
  });
});
