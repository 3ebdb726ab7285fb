import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3311';
(async () => {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  for (const width of [1440, 800]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel(/e-?mail/i).first().fill('admin@demo.local');
    await page.getByLabel(/password/i).first().fill('demo-admin-pass');
    await page.getByRole('button', { name: /sign in/i }).first().click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30000 });
    const shot = async (name: string) => {
      await page.waitForTimeout(1200);
      await page.screenshot({ path: `/tmp/mine/p42-${name}-${width}.png` });
    };
    await page.goto(`${base}/settings/permissions?resourceKind=playbook&effect=allow`);
    await page.getByRole('table').first().waitFor();
    await shot('filters');
    const entry = page.getByRole('button', { name: /^What .* selects$/ }).first();
    if (await entry.count()) {
      await entry.click();
      await shot('selector');
      await page.keyboard.press('Escape');
    }
    await page.goto(`${base}/playbooks`);
    await page.getByRole('button', { name: /^Check access / }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Check access' });
    await dialog.getByRole('combobox', { name: 'Subject type' }).selectOption('role');
    await dialog.getByRole('combobox', { name: 'Role' }).selectOption('guest');
    await dialog.getByRole('button', { name: 'Check', exact: true }).click();
    await dialog.getByRole('status').waitFor();
    await shot('check');
    await page.goto(`${base}/catalog?configType=Kubernetes::Pod`);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'View as scope' }).click();
    const view = page.getByRole('dialog', { name: 'View as scope' });
    await view.locator('label.bp6-checkbox').first().click();
    await shot('viewas');
    await view.getByRole('button', { name: 'View as scope' }).click();
    await page.getByRole('region', { name: 'Viewing as scope' }).waitFor();
    await shot('bar');
    await page.getByRole('button', { name: 'Stop viewing as scope' }).click();
    await page.goto(`${base}/settings/connections?id=new&type=smtp`);
    await shot('smtp');
    await context.close();
  }
  await browser.close();
})().catch((e) => { console.error(e); process.exit(1); });
