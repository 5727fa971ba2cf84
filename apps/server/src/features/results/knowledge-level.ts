// The knowledge dimension of a risk result, worded and levelled from the client's own answers (issue 37 point 2,
// docs/decisions/0086): the dashboard and the report both take their dimensions from here, so neither can say more
// about a client's knowledge than the answers do.
import type { TDimensionResult } from '@bq/contracts/dashboard';
import type { TInteractionDefinition } from '@bq/contracts/interaction-definition';
import { EXPERIENCE_ANSWERS, honestKnowledgeLevel, knowledgeEvidence, type KnowledgeQuestions } from '@bq/domain/knowledge-evidence';

/** The definition's experience items (answered on the four-step experience scale) and knowledge test, if any. */
export function knowledgeQuestionsOf(definition: TInteractionDefinition): KnowledgeQuestions | null {
  const dimension = definition.risk?.knowledgeDimension;
  if (!dimension) return null;
  const experienceItems = definition.items
    .filter((item) => item.dimension === dimension && item.type === 'choice')
    .filter((item) => item.type === 'choice' && item.options.length === EXPERIENCE_ANSWERS.length && EXPERIENCE_ANSWERS.every((a, i) => item.options[i]?.key === a))
    .map((item) => item.key);
  return { experienceItems, testQuestions: definition.risk?.knowledgeTest?.questions ?? [] };
}

/** The result's dimensions with the knowledge one levelled by the answers and carrying them. */
export function withHonestKnowledge(dimensions: TDimensionResult[], definition: TInteractionDefinition, answers: Readonly<Record<string, unknown>> | null): TDimensionResult[] {
  const questions = knowledgeQuestionsOf(definition);
  const evidence = questions && answers ? knowledgeEvidence(questions, answers) : null;
  if (!evidence) return dimensions;
  return dimensions.map((d) => (d.key === definition.risk?.knowledgeDimension ? { ...d, level: honestKnowledgeLevel(d.level, evidence.cap), knowledge: evidence } : d));
}
