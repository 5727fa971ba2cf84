import { describe, expect, it } from 'vitest';
import { PARTICIPANT_PATH, participantPage } from './participant-paths';

describe('participant paths', () => {
  it('names the page and its token for each participant path', () => {
    expect(participantPage('/q/tok%201')).toEqual({ page: 'questionnaire', instanceToken: 'tok 1' });
    expect(participantPage('/verify/certificate/vt_123/')).toEqual({
      page: 'certificateVerification',
      certificateToken: 'vt_123',
    });
    expect(participantPage('/report/rdl_abc/download')).toEqual({ page: 'reportDownload', reportDownloadToken: 'rdl_abc' });
    expect(participantPage('/demo/password-set/i-1/')).toEqual({ page: 'demoPassword', instanceToken: 'i-1' });
    expect(participantPage('/performance/report/i%201')).toEqual({ page: 'report', reportType: 'bqp', instanceToken: 'i 1' });
    expect(participantPage('/bqa/report/i1/')).toEqual({ page: 'report', reportType: 'bqa', instanceToken: 'i1' });
    expect(participantPage('/bqaRecommendations/report/i1')).toEqual({
      page: 'report',
      reportType: 'bqaRecommendations',
      instanceToken: 'i1',
    });
    expect(participantPage('/bqp/certificate/i1')).toEqual({ page: 'certificate', instanceToken: 'i1' });
  });

  it('leaves every other path to the evaluator app', () => {
    for (const path of ['/', '/verify/token-1', '/verify/certificate/', '/q/a/b', '/bqa/report/', '/bqa/report/x/y', '/bqp/report/x', '/report/x', '/report/x/download/y', '/demo/password-set/', '/demo', '/bqp/certificate/', '/bqp/certificate/a/b']) {
      expect(participantPage(path), path).toBeNull();
      expect(PARTICIPANT_PATH.test(path), path).toBe(false);
    }
  });
});
