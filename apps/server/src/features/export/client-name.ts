// The one place where the export decides how a client's name is written. Anonymisation (spec section 5: the
// allow-list, "user text plus a running number", stars) is built elsewhere and plugs in here, so CSV and XLSX
// exports of every content follow the same rule as the client list.
export interface ExportNameInput {
  /** The client's internal id (stable within one export, e.g. for a running number). */
  id: string;
  firstName: string;
  lastName: string;
}

export interface ExportName {
  firstName: string;
  lastName: string;
}

export type ExportNameRenderer = (client: ExportNameInput) => ExportName;

/** Today: the stored names as they are. */
export const renderExportClientName: ExportNameRenderer = (client) => ({ firstName: client.firstName, lastName: client.lastName });
