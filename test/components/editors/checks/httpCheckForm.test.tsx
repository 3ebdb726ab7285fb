import { screen, within } from '@testing-library/react';
import {
  HttpCheckForm,
  httpDefaults,
} from '../../../../src/features/editors/checks/forms/HttpCheckForm';
import { NOT_A_NUMBER, REQUIRED } from '../../../../src/ui/form/fieldError';
import { PRESS, TOGGLE } from '../../../support/fillFields';
import { renderCheckForm } from './renderCheckForm';

const textbox = (name: string) => screen.getByRole('textbox', { name });

describe('the HTTP check form', () => {
  it('submits the request in canary-checker’s shape', async () => {
    const { fill, expectSent } = renderCheckForm(HttpCheckForm, {
      entry: httpDefaults(),
    });
    await fill({
      'Check name (required)': 'api-health',
      Description: 'The API answers',
      'URL (required)': 'https://api.example.com/health',
      Method: { choose: 'POST' },
      Body: '{"ping": true}',
      'Template the body (Go template)': TOGGLE,
      'Add Header': PRESS,
      'Header 1 name': 'Accept',
      'Header 1 value': 'application/json',
      Authentication: { choose: 'Basic' },
      Username: 'svc',
      Password: 's3cret',
    });
    await expectSent({
      name: 'api-health',
      description: 'The API answers',
      url: 'https://api.example.com/health',
      method: 'POST',
      body: '{"ping": true}',
      templateBody: true,
      headers: [{ name: 'Accept', value: 'application/json' }],
      username: 'svc',
      password: 's3cret',
    });
  });

  it('submits what the response must be in canary-checker’s shape', async () => {
    const { user, fill, expectSent } = renderCheckForm(HttpCheckForm, {
      entry: { name: 'api', url: 'https://api', method: 'GET' },
    });
    const codes = within(screen.getByRole('group', { name: 'Response codes' }));
    await user.click(codes.getByRole('checkbox', { name: '201' }));
    await user.click(codes.getByRole('checkbox', { name: '200' }));
    await fill({
      'Threshold (ms)': '1500',
      'Response content': 'ok',
      'Max SSL expiry (days)': '7',
      Test: { choose: 'Expr' },
      'Test (Expr)': 'code == 201',
    });
    await expectSent({
      name: 'api',
      url: 'https://api',
      method: 'GET',
      responseCodes: [200, 201],
      thresholdMillis: 1500,
      responseContent: 'ok',
      maxSSLExpiry: 7,
      test: { expr: 'code == 201' },
    });
  });

  it('shows the required messages on submit and sends nothing', async () => {
    const { submit, onSubmit } = renderCheckForm(HttpCheckForm, { entry: httpDefaults() });
    await submit();
    expect(screen.getAllByText(REQUIRED)).toHaveLength(2);
    expect(textbox('Check name (required)')).toHaveAttribute('aria-invalid', 'true');
    expect(textbox('URL (required)')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the body for POST and PUT only', async () => {
    const { user } = renderCheckForm(HttpCheckForm, { entry: httpDefaults() });
    const method = screen.getByRole('combobox', { name: 'Method' });
    expect(method).toHaveValue('GET');
    expect(screen.queryByRole('textbox', { name: 'Body' })).toBeNull();
    await user.selectOptions(method, 'PUT');
    expect(textbox('Body')).toBeInTheDocument();
    await user.selectOptions(method, 'DELETE');
    expect(screen.queryByRole('textbox', { name: 'Body' })).toBeNull();
    await user.selectOptions(method, 'POST');
    expect(textbox('Body')).toBeInTheDocument();
  });

  it('drops the body when the method changes to one without a body', async () => {
    const { user, expectSent } = renderCheckForm(HttpCheckForm, {
      entry: { name: 'a', url: 'http://a', method: 'PUT', body: 'x', templateBody: true },
    });
    expect(textbox('Body')).toHaveValue('x');
    const method = screen.getByRole('combobox', { name: 'Method' });
    await user.selectOptions(method, 'GET');
    await expectSent({ name: 'a', url: 'http://a', method: 'GET' });
    await user.selectOptions(method, 'POST');
    expect(textbox('Body')).toHaveValue('');
    expect(
      screen.getByRole('checkbox', { name: 'Template the body (Go template)' }),
    ).not.toBeChecked();
  });

  it('clears the other method’s values when the authentication changes', async () => {
    const { user, expectSent } = renderCheckForm(HttpCheckForm, {
      entry: {
        name: 'a',
        url: 'http://a',
        method: 'GET',
        ntlm: true,
        username: 'dom\\u',
        password: 'p',
      },
    });
    const auth = screen.getByRole('combobox', { name: 'Authentication' });
    expect(auth).toHaveValue('ntlm');
    expect(textbox('Username')).toHaveValue('dom\\u');
    await user.selectOptions(auth, 'NTLMv2');
    expect(textbox('Username')).toHaveValue('');
    await user.type(textbox('Username'), 'v2user');
    await expectSent({
      name: 'a',
      url: 'http://a',
      method: 'GET',
      ntlmv2: true,
      username: 'v2user',
    });
    await user.selectOptions(auth, 'None');
    expect(screen.queryByRole('textbox', { name: 'Username' })).toBeNull();
    await expectSent({ name: 'a', url: 'http://a', method: 'GET' });
    // Choosing a method again starts it empty: the loaded credentials do not come back.
    await user.selectOptions(auth, 'NTLM');
    expect(textbox('Username')).toHaveValue('');
    await expectSent({ name: 'a', url: 'http://a', method: 'GET', ntlm: true });
  });

  it('keeps one language a script and drops the other’s text when switching', async () => {
    const { user, expectSent } = renderCheckForm(HttpCheckForm, {
      entry: { name: 'a', url: 'http://a', display: { template: '{{.code}}' } },
    });
    const display = screen.getByRole('combobox', { name: 'Display' });
    expect(display).toHaveValue('template');
    expect(textbox('Display (Go template)')).toHaveValue('{{.code}}');
    await user.selectOptions(display, 'Javascript');
    expect(textbox('Display (Javascript)')).toHaveValue('');
    await user.type(textbox('Display (Javascript)'), 'r.code');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Transform' }), 'JSONPath');
    await user.type(textbox('Transform (JSONPath)'), '$.items');
    await expectSent({
      name: 'a',
      url: 'http://a',
      display: { javascript: 'r.code' },
      transform: { jsonPath: '$.items' },
    });
    await user.selectOptions(display, 'Go template');
    expect(textbox('Display (Go template)')).toHaveValue('');
    await user.selectOptions(display, 'None');
    expect(screen.queryByRole('textbox', { name: /^Display/ })).toBeNull();
    await expectSent({ name: 'a', url: 'http://a', transform: { jsonPath: '$.items' } });
  });

  it('parses numbers and rejects text in the number fields', async () => {
    const { user, submit, onSubmit } = renderCheckForm(HttpCheckForm, {
      entry: { name: 'a', url: 'http://a' },
    });
    await user.type(textbox('Threshold (ms)'), 'fast');
    await user.tab();
    expect(screen.getByText(NOT_A_NUMBER)).toBeInTheDocument();
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(textbox('Threshold (ms)'));
    await user.type(textbox('Threshold (ms)'), '250.7');
    expect(screen.queryByText(NOT_A_NUMBER)).toBeNull();
    await submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('disables every input of a read-only check', () => {
    renderCheckForm(HttpCheckForm, {
      entry: { name: 'a', url: 'http://a', method: 'POST', username: 'u', test: { expr: 'ok' } },
      disabled: true,
    });
    for (const box of screen.getAllByRole('textbox')) expect(box).toBeDisabled();
    for (const select of screen.getAllByRole('combobox')) expect(select).toBeDisabled();
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add Header' })).toBeDisabled();
  });

  it('keeps a loaded check’s code outside the list, and drops the codes unticked', async () => {
    const { user, expectSent } = renderCheckForm(HttpCheckForm, {
      entry: { name: 'a', url: 'http://a', responseCodes: [403, 200] },
    });
    const codes = within(screen.getByRole('group', { name: 'Response codes' }));
    expect(codes.getByRole('checkbox', { name: '403' })).toBeChecked();
    await user.click(codes.getByRole('checkbox', { name: '200' }));
    await user.click(codes.getByRole('checkbox', { name: '503' }));
    await expectSent({ name: 'a', url: 'http://a', responseCodes: [403, 503] });
    await user.click(codes.getByRole('checkbox', { name: '403' }));
    await user.click(codes.getByRole('checkbox', { name: '503' }));
    await expectSent({ name: 'a', url: 'http://a' });
  });
});
