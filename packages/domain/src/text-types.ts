// The nine text types of translation entries (spec section 3).
export const TEXT_TYPES = ['ITEM', 'CHOICE', 'INTERACTION_BASE', 'DASHBOARD', 'BQUI', 'EMAIL', 'ERROR', 'REPORT', 'BI'] as const;
export type TextType = (typeof TEXT_TYPES)[number];
