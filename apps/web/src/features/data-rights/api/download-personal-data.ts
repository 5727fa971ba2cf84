// GET /api/client/{clientToken}/personal-data: the client's personal-data copy (a ZIP), saved under the server's name.
import { downloadToFile, type DownloadProgress } from '../../../lib/api-download';

export function downloadPersonalData(clientToken: string, onProgress: (progress: DownloadProgress) => void): Promise<string> {
  return downloadToFile(`/api/client/${encodeURIComponent(clientToken)}/personal-data`, {
    onProgress,
    fallbackPrefix: 'personal-data',
    extension: 'zip',
  });
}
