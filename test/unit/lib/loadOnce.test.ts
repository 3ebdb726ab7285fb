import { loadOnce } from '../../../src/lib/loadOnce';

describe('loadOnce', () => {
  it('loads once, shares the load, and has the value at hand afterwards', async () => {
    const load = jest.fn(async () => ({ name: 'module' }));
    const loader = loadOnce(load);
    expect(loader.now()).toBeUndefined();
    const [first, second] = await Promise.all([loader(), loader()]);
    expect(first).toBe(second);
    expect(loader.now()).toBe(first);
    await loader();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load, so the next call tries again', async () => {
    const load = jest
      .fn<Promise<string>, []>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('module');
    const loader = loadOnce(load);
    await expect(loader()).rejects.toThrow('offline');
    expect(loader.now()).toBeUndefined();
    await expect(loader()).resolves.toBe('module');
    expect(loader.now()).toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
