import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AppLink } from './AppLink';

/** Whether the router took the click (it prevents the browser's own navigation); the browser's is stopped here. */
function clickTakenByRouter(link: HTMLElement): boolean {
  let taken = false;
  const listener = (event: Event) => {
    taken = event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', listener);
  try {
    fireEvent.click(link);
  } finally {
    window.removeEventListener('click', listener);
  }
  return taken;
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('AppLink', () => {
  it('leaves the participant entry\'s pages (the public report) to the browser: another HTML page', () => {
    renderWithProviders(<AppLink to="/bqa/report/i1">report</AppLink>);
    const link = screen.getByRole('link', { name: 'report' });
    expect(link).toHaveAttribute('href', '/bqa/report/i1');
    expect(clickTakenByRouter(link)).toBe(false);
  });

  it('navigates within the app for the app\'s own pages', () => {
    renderWithProviders(<AppLink to="/BQ_RISK/clients">clients</AppLink>);
    expect(clickTakenByRouter(screen.getByRole('link', { name: 'clients' }))).toBe(true);
  });
});
