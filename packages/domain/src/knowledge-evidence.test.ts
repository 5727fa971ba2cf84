// Issue 37 point 2 (docs/decisions/0086): over the whole answer space of the suitability block (four product types
// on the four-step experience scale, three knowledge questions right, wrong, "don't know" or unanswered) and every
// score level, what is shown about knowledge is never stronger than the answers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EXPERIENCE_ANSWERS,
  KNOWLEDGE_LEVELS,
  honestKnowledgeLevel,
  knowledgeEvidence,
  knowledgeSentences,
  type KnowledgeLevel,
} from './knowledge-evidence';

const PRODUCTS = ['knowledge_bonds', 'knowledge_funds', 'knowledge_shares', 'knowledge_complex'];
const TEST = [
  { item: 'knowledge_check_1', correct: 'falls' },
  { item: 'knowledge_check_2', correct: 'risk_spread' },
  { item: 'knowledge_check_3', correct: 'can_halve' },
];
const QUESTIONS = { experienceItems: PRODUCTS, testQuestions: TEST };
/** Per product: one of the four answers or none; per question: right, wrong, "don't know" or none. */
const EXPERIENCE_CHOICES = [...EXPERIENCE_ANSWERS, undefined];
const TEST_CHOICES = ['right', 'wrong', 'dont_know', undefined] as const;

function answersOf(experience: (string | undefined)[], test: (typeof TEST_CHOICES)[number][]): Record<string, string> {
  const answers: Record<string, string> = {};
  experience.forEach((a, i) => a && (answers[PRODUCTS[i]!] = a));
  test.forEach((c, i) => {
    if (c === 'right') answers[TEST[i]!.item] = TEST[i]!.correct;
    else if (c === 'wrong') answers[TEST[i]!.item] = 'rises-or-cannot-fall';
    else if (c === 'dont_know') answers[TEST[i]!.item] = 'dont_know';
  });
  return answers;
}

function* everyAnswerSet() {
  const n = EXPERIENCE_CHOICES.length;
  for (let e = 0; e < n ** PRODUCTS.length; e++) {
    const experience = PRODUCTS.map((_, i) => EXPERIENCE_CHOICES[Math.floor(e / n ** i) % n]);
    for (let q = 0; q < 4 ** TEST.length; q++) {
      const test = TEST.map((_, i) => TEST_CHOICES[Math.floor(q / 4 ** i) % 4]!);
      yield { experience, test, answers: answersOf(experience, test) };
    }
  }
}

const rank = (level: KnowledgeLevel | null) => (level === null ? -1 : KNOWLEDGE_LEVELS.indexOf(level));
/** Words that show which sentence a product was put in. */
const words = { t: (key: string, values?: Record<string, string | number>) => `[${key}|${JSON.stringify(values ?? {})}]`, list: (items: string[]) => items.join('+') };

describe('knowledge wording over the whole answer space', () => {
  it('never levels or words knowledge above the answers, for every answer set and score level', () => {
    // Collected, not asserted one by one: 40,000 answer sets times six score levels.
    const violations: string[] = [];
    const check = (ok: boolean, what: string, answers: Record<string, string>, score: KnowledgeLevel | null) => {
      if (!ok && violations.length < 5) violations.push(`${what} for ${JSON.stringify(answers)} at ${score}`);
    };
    let sets = 0;
    for (const { experience, test, answers } of everyAnswerSet()) {
      const evidence = knowledgeEvidence(QUESTIONS, answers);
      const answeredTest = test.filter(Boolean).length;
      const given = experience.filter(Boolean);
      if (given.length === 0 && answeredTest === 0) {
        check(evidence === null, 'evidence without answers', answers, null);
        continue;
      }
      sets++;
      const right = test.filter((c) => c === 'right').length;
      check(answeredTest ? evidence!.test?.asked === answeredTest && evidence!.test.correct === right : evidence!.test === null, 'the test as answered', answers, null);
      for (const score of [null, ...KNOWLEDGE_LEVELS]) {
        const shown = rank(honestKnowledgeLevel(score, evidence!.cap));
        check(shown <= rank(score), 'never above the score', answers, score);
        // Any question wrong or not known: at most average; more than half: below average; none right: low.
        if (right < answeredTest) check(shown <= rank('AVERAGE'), 'a wrong answer: at most average', answers, score);
        if (answeredTest && right * 2 < answeredTest) check(shown <= rank('BELOW_AVERAGE'), 'most wrong: below average', answers, score);
        if (answeredTest && right === 0) check(shown <= rank('LOW'), 'none right: low', answers, score);
        // No regular experience: at most average; never invested at all: below average; nothing known: low.
        if (given.length && !given.includes('regular')) check(shown <= rank('AVERAGE'), 'no regular experience', answers, score);
        if (given.length && !given.some((a) => a === 'regular' || a === 'occasional')) check(shown <= rank('BELOW_AVERAGE'), 'never invested', answers, score);
        if (given.length && given.every((a) => a === 'none')) check(shown <= rank('LOW'), 'nothing known', answers, score);

        const sentences = knowledgeSentences(evidence!, score, (l) => l, words);
        // Each product answered is named exactly once, in the sentence of its own answer.
        experience.forEach((answer, i) => {
          const naming = sentences.filter((s) => s.includes(`product.${PRODUCTS[i]}|`));
          check(answer ? naming.length === 1 && naming[0]!.startsWith(`[results.risk.knowledge.${answer}|`) : naming.length === 0, `${PRODUCTS[i]} in its own answer's sentence`, answers, score);
        });
        const text = sentences.join(' ');
        if (answeredTest) check(text.includes(`{"correct":${right},"asked":${answeredTest}}`), 'the test result as it was', answers, score);
        // The lowered level is said, with the score's own word.
        check(text.includes('results.risk.knowledge.capped') === (score !== null && rank(score) !== shown), 'a lowered level is said', answers, score);
      }
    }
    expect(violations).toEqual([]);
    expect(sets).toBe(5 ** 4 * 4 ** 3 - 1);
  }, 120_000);

  it('a better answer never lowers the level the answers allow', () => {
    const experienceChoice = fc.constantFrom(...EXPERIENCE_CHOICES);
    const testChoice = fc.constantFrom(...TEST_CHOICES);
    fc.assert(
      fc.property(fc.array(experienceChoice, { minLength: 4, maxLength: 4 }), fc.array(testChoice, { minLength: 3, maxLength: 3 }), fc.nat(6), (experience, test, which) => {
        const before = knowledgeEvidence(QUESTIONS, answersOf(experience, test));
        const better = [...experience];
        const betterTest = [...test];
        if (which < 4) {
          const at = EXPERIENCE_ANSWERS.indexOf(experience[which] as (typeof EXPERIENCE_ANSWERS)[number]);
          if (at < 0 || at === EXPERIENCE_ANSWERS.length - 1) return;
          better[which] = EXPERIENCE_ANSWERS[at + 1];
        } else {
          if (test[which - 4] !== 'wrong' && test[which - 4] !== 'dont_know') return;
          betterTest[which - 4] = 'right';
        }
        const after = knowledgeEvidence(QUESTIONS, answersOf(better, betterTest));
        expect(rank(after!.cap)).toBeGreaterThanOrEqual(rank(before!.cap));
      }),
      { numRuns: 2000 },
    );
  });
});
