import { screen } from '@testing-library/react';
import { errorEnvelope, flowErrorBody } from '../../support/kratosFixtures';
import { answer, identityService } from '../../support/kratosHandlers';
import { renderWithApp } from '../../support/renderApp';
import { testRoutes } from './routes';

describe('flow-error page', () => {
  it.each([404, 403, 410])('goes to / when the error answers %i', async (status) => {
    const identity = identityService();
    identity.flowError(answer(status, errorEnvelope(status)));
    const { currentUrl } = renderWithApp(testRoutes, { url: '/flow-error/error-1' });

    expect(await screen.findByRole('heading', { name: 'Page /' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/');
    expect(identity.calls('/self-service/errors')[0]?.query.get('id')).toBe('error-1');
  });

  it('shows the error as JSON', async () => {
    const identity = identityService();
    identity.flowError(answer(200, flowErrorBody('error-2')));
    renderWithApp(testRoutes, { url: '/flow-error/error-2' });

    const details = await screen.findByLabelText('Error details');
    expect(JSON.parse(details.textContent ?? '')).toEqual(flowErrorBody('error-2'));
  });

  it('shows a failure it cannot redirect on as JSON too', async () => {
    const identity = identityService();
    identity.flowError(answer(500, errorEnvelope(500, { reason: 'database is down' })));
    renderWithApp(testRoutes, { url: '/flow-error?id=error-3' });

    const details = await screen.findByLabelText('Error details');
    expect(JSON.parse(details.textContent ?? '')).toEqual(
      errorEnvelope(500, { reason: 'database is down' }),
    );
    expect(identity.calls('/self-service/errors')[0]?.query.get('id')).toBe('error-3');
  });
});
