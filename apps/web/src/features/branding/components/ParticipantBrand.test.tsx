import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { forgetPageBrand } from '../api/use-public-branding';
import { ParticipantBrand } from './ParticipantBrand';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

const BRANDED = {
  firmName: 'Kanzlei Weiß & Partner',
  address: 'Hauptstraße 1\n80331 München',
  footerLine: 'Ihre Kanzlei für Vermögensfragen',
  primaryColor: '#0b6e4f',
  accentColor: '#1c5bb8',
  logoUrl: '/api/branding/tok-a/logo?v=abc',
  poweredBy: true,
};

describe('ParticipantBrand', () => {
  it("frames the page in the firm's logo, name, colours, footer and powered-by line, read with the page's token", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(BRANDED));
    render(
      <ParticipantBrand token="tok-a" poweredByLabel="Powered by BQ Advisory Platform">
        <p>Question 1</p>
      </ParticipantBrand>,
    );
    expect(await screen.findByText('Kanzlei Weiß & Partner')).toBeVisible();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/branding/tok-a');
    expect(screen.getByTestId('participant-brand-logo')).toHaveAttribute('src', BRANDED.logoUrl);
    expect(screen.getByTestId('participant-brand').style.getPropertyValue('--brand-primary')).toBe('#0b6e4f');
    expect(screen.getByText('Ihre Kanzlei für Vermögensfragen')).toBeVisible();
    expect(screen.getByText(/80331 München/)).toBeVisible();
    expect(screen.getByText('Powered by BQ Advisory Platform')).toBeVisible();
    expect(screen.getByText('Question 1')).toBeVisible();
  });

  it('shows the page unframed for an unknown token or an account without branding, and no powered-by line when off', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ errorKey: 'error.not_found', message: 'Not found' }, 404));
    const { unmount } = render(
      <ParticipantBrand token="tok-unknown" poweredByLabel="Powered by">
        <p>Question 1</p>
      </ParticipantBrand>,
    );
    expect(await screen.findByText('Question 1')).toBeVisible();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('participant-brand-header')).toBeNull();
    unmount();

    fetchMock.mockResolvedValueOnce(jsonResponse({ ...BRANDED, poweredBy: false }));
    render(
      <ParticipantBrand token="tok-b" poweredByLabel="Powered by">
        <p>Question 1</p>
      </ParticipantBrand>,
    );
    expect(await screen.findByText('Kanzlei Weiß & Partner')).toBeVisible();
    expect(screen.queryByText('Powered by')).toBeNull();
  });

  it("draws the firm's frame with the first render when the server wrote the brand into the page, and asks for nothing", () => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'bq-brand';
    element.textContent = JSON.stringify({ token: 'tok-inline', branding: BRANDED });
    document.head.append(element);
    forgetPageBrand();
    try {
      const { unmount } = render(
        <ParticipantBrand token="tok-inline" poweredByLabel="Powered by">
          <p>Question 1</p>
        </ParticipantBrand>,
      );
      // No waiting: header, logo box and footer are there before any answer could arrive.
      expect(screen.getByTestId('participant-brand-header')).toHaveTextContent('Kanzlei Weiß & Partner');
      expect(screen.getByTestId('participant-brand-logo')).toHaveAttribute('width', '160');
      expect(screen.getByTestId('participant-brand-logo')).toHaveAttribute('height', '40');
      expect(screen.getByTestId('participant-brand-footer')).toBeVisible();
      expect(fetchMock).not.toHaveBeenCalled();
      unmount();

      // The brand of an account without one is known too: no request either.
      element.textContent = JSON.stringify({ token: 'tok-plain', branding: null });
      forgetPageBrand();
      render(
        <ParticipantBrand token="tok-plain" poweredByLabel="Powered by">
          <p>Question 1</p>
        </ParticipantBrand>,
      );
      expect(screen.queryByTestId('participant-brand-header')).toBeNull();
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      element.remove();
      forgetPageBrand();
    }
  });
});
