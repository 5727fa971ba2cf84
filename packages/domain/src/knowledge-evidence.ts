// Knowledge and experience in the client's own answers (issue 37 point 2, docs/decisions/0086). The knowledge score
// is a norm position: "I know how they work but never invested" on every product still lands in the average or
// above, and two of three knowledge questions wrong can sit at the 72nd percentile. What the dashboard and the report
// say about knowledge therefore comes from the answers themselves (experience per product type, the knowledge test's
// result), and the level word is capped by them: it can never be stronger than the answers are.

/** The experience answers, weakest first (the suitability block's `risk.choice.experience.*` options). */
export const EXPERIENCE_ANSWERS = ['none', 'aware', 'occasional', 'regular'] as const;
export type ExperienceAnswer = (typeof EXPERIENCE_ANSWERS)[number];

/** The score levels, weakest first (the same words as the dashboard's SCORE_LEVELS). */
export const KNOWLEDGE_LEVELS = ['LOW', 'BELOW_AVERAGE', 'AVERAGE', 'ABOVE_AVERAGE', 'HIGH'] as const;
export type KnowledgeLevel = (typeof KNOWLEDGE_LEVELS)[number];

export interface KnowledgeEvidence {
  /** Each product type the client answered, in the questionnaire's order. */
  experience: { item: string; answer: ExperienceAnswer }[];
  /** The knowledge test: questions answered and how many correctly; null when the questionnaire has none. */
  test: { asked: number; correct: number } | null;
  /** The strongest level these answers support. */
  cap: KnowledgeLevel;
}

/** Where a definition keeps them: its experience items (four-step answers) and its test's correct answers. */
export interface KnowledgeQuestions {
  experienceItems: readonly string[];
  testQuestions: readonly { item: string; correct: string }[];
}

const rank = (level: KnowledgeLevel) => KNOWLEDGE_LEVELS.indexOf(level);
const weaker = (a: KnowledgeLevel, b: KnowledgeLevel): KnowledgeLevel => (rank(a) <= rank(b) ? a : b);

function isExperienceAnswer(value: unknown): value is ExperienceAnswer {
  return typeof value === 'string' && (EXPERIENCE_ANSWERS as readonly string[]).includes(value);
}

/**
 * The strongest level the answers support. Experience: nothing beyond "never heard of it" is low; knowing products
 * without ever investing is at most below average; investing only occasionally at most average. The test: any wrong
 * answer keeps the level at average at most, more than half wrong below average, none right low.
 */
export function knowledgeCap(experience: KnowledgeEvidence['experience'], test: KnowledgeEvidence['test']): KnowledgeLevel {
  let cap: KnowledgeLevel = 'HIGH';
  const answers = experience.map((e) => e.answer);
  if (answers.length > 0) {
    if (answers.every((a) => a === 'none')) cap = 'LOW';
    else if (!answers.some((a) => a === 'occasional' || a === 'regular')) cap = weaker(cap, 'BELOW_AVERAGE');
    else if (!answers.includes('regular')) cap = weaker(cap, 'AVERAGE');
  }
  if (test && test.asked > 0) {
    if (test.correct === 0) cap = 'LOW';
    else if (test.correct * 2 < test.asked) cap = weaker(cap, 'BELOW_AVERAGE');
    else if (test.correct < test.asked) cap = weaker(cap, 'AVERAGE');
  }
  return cap;
}

/** The client's knowledge and experience as answered; null when the definition asks none of it or none was answered. */
export function knowledgeEvidence(questions: KnowledgeQuestions, answers: Readonly<Record<string, unknown>>): KnowledgeEvidence | null {
  const experience = questions.experienceItems.flatMap((item) => {
    const answer = answers[item];
    return isExperienceAnswer(answer) ? [{ item, answer }] : [];
  });
  const answered = questions.testQuestions.filter((q) => typeof answers[q.item] === 'string');
  const test = answered.length > 0 ? { asked: answered.length, correct: answered.filter((q) => answers[q.item] === q.correct).length } : null;
  if (experience.length === 0 && !test) return null;
  return { experience, test, cap: knowledgeCap(experience, test) };
}

/** The level shown: the score's, never stronger than the answers support. */
export function honestKnowledgeLevel(scoreLevel: KnowledgeLevel | null, cap: KnowledgeLevel): KnowledgeLevel | null {
  return scoreLevel === null ? null : weaker(scoreLevel, cap);
}

export interface KnowledgeWords {
  /** A text with {{placeholders}}: `results.risk.knowledge.<answer>`, `.test`, `.capped`, `.product.<item>`. */
  t(key: string, values?: Record<string, string | number>): string;
  /** "shares, funds and bonds" in the reader's language (Intl.ListFormat). */
  list(items: string[]): string;
}

/**
 * The sentences that describe the answers, strongest experience first: each product under the answer given for it,
 * the test's result, and, when the cap lowered the level, what the score alone would have said.
 */
export function knowledgeSentences(evidence: KnowledgeEvidence, scoreLevel: KnowledgeLevel | null, levelWord: (level: KnowledgeLevel) => string, words: KnowledgeWords): string[] {
  const sentences: string[] = [];
  for (const answer of [...EXPERIENCE_ANSWERS].reverse()) {
    const products = evidence.experience.filter((e) => e.answer === answer).map((e) => words.t(`results.risk.knowledge.product.${e.item}`));
    if (products.length > 0) sentences.push(words.t(`results.risk.knowledge.${answer}`, { products: words.list(products) }));
  }
  if (evidence.test) sentences.push(words.t('results.risk.knowledge.test', { correct: evidence.test.correct, asked: evidence.test.asked }));
  const shown = honestKnowledgeLevel(scoreLevel, evidence.cap);
  if (scoreLevel && shown !== scoreLevel) sentences.push(words.t('results.risk.knowledge.capped', { level: levelWord(scoreLevel) }));
  return sentences;
}
