// Chart legends list the series in the order the bars and lines are drawn. Recharts sorts legend items by their
// value (here: ids) unless told otherwise, so a legend could read "B, A" above bars drawn "A, B".
export const LEGEND_IN_SERIES_ORDER = { itemSorter: null } as const;
