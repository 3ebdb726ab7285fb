import { composeSmtpUrl, readSmtpUrl } from '../../../src/features/connections/model/smtp';
import { expectAnswers } from '../../support/answers';

describe('SMTP connection URL', () => {
  it('composes the URL Mission Control sends with, credentials as placeholders', () => {
    expect(
      composeSmtpUrl({
        properties: {
          host: ' smtp.example.com ',
          port: '2525',
          encryptionMethod: 'ExplicitTLS',
          auth: 'CRAMMD5',
          from: 'Mission Control <mc@example.com>',
          to: 'ops@example.com,sre@example.com',
          subject: 'not in the URL',
        },
        insecureTls: true,
      }),
    ).toBe(
      'smtp://$(username):$(password)@smtp.example.com:2525/?UseStartTLS=true&Encryption=ExplicitTLS&Auth=CRAMMD5&from=Mission%20Control%20%3Cmc@example.com%3E&to=ops@example.com,sre@example.com',
    );
  });

  it('uses port 587 and leaves out options that are not set', () => {
    expect(composeSmtpUrl({ properties: { host: 'mail' }, insecureTls: false })).toBe(
      'smtp://$(username):$(password)@mail:587/?UseStartTLS=false',
    );
  });

  it('reads host, port and the options back', () => {
    expectAnswers(readSmtpUrl, [
      [
        'smtp://$(username):$(password)@mail:25/?UseStartTLS=false&Encryption=Auto&Auth=plain&from=a@b&to=c@d,e@f&fromName=MC&subject=Hi',
        {
          host: 'mail',
          port: '25',
          encryptionMethod: 'Auto',
          auth: 'plain',
          from: 'a@b',
          to: 'c@d,e@f',
          fromname: 'MC',
          subject: 'Hi',
        },
      ],
      ['smtp://user@example.com:pw@relay.example.com/', { host: 'relay.example.com' }],
      ['SMTPS://relay:465', { host: 'relay', port: '465' }],
      ['https://not-smtp', {}],
      ['', {}],
    ]);
  });

  it('reads back what it composes', () => {
    const properties = {
      host: 'mail.example.com',
      port: '465',
      encryptionMethod: 'ImplicitTLS',
      auth: 'OAuth2',
      from: 'a b <a@example.com>',
      to: 'x@example.com',
    };
    expect(readSmtpUrl(composeSmtpUrl({ properties, insecureTls: false }))).toEqual(properties);
  });
});
