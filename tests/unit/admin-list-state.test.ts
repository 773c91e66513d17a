import { describe, expect, it } from 'vitest';
import { collections } from '../../src/lib/collections/index.ts';
import { pageCount, readListState, sortDirection, toggleSort, updateListState, writeListState } from '../../src/components/admin/lib/list-state.ts';

const config = collections.events.listState;

describe('admin list URL state', () => {
  it('reads defaults from an empty query and writes them back as an empty query', () => {
    const state = readListState('', config);
    expect(state).toEqual({ q: '', sort: '-updatedAt', page: 1, limit: 25, filters: {} });
    expect(writeListState(state, config).toString()).toBe('');
  });

  it('round-trips search, filters, sort, page and limit in a fixed key order', () => {
    const state = readListState('?page=3&limit=50&sort=title&tag=7&q=jazz&status=draft&edition=2', config);
    expect(state).toEqual({ q: 'jazz', sort: 'title', page: 3, limit: 50, filters: { status: 'draft', edition: '2', tag: '7' } });
    expect(writeListState(state, config).toString()).toBe('q=jazz&status=draft&edition=2&tag=7&sort=title&page=3&limit=50');
  });

  it('drops values the API would refuse instead of sending them', () => {
    const state = readListState('?sort=password&page=-1&limit=1000&unknown=1&status=', config);
    expect(state.sort).toBe('-updatedAt');
    expect(state.page).toBe(1);
    expect(state.limit).toBe(25);
    expect(state.filters).toEqual({});
  });

  it('spells out sort, page and limit for the API', () => {
    const state = readListState('?q=a', config);
    expect(writeListState(state, config, { forApi: true }).toString()).toBe('q=a&sort=-updatedAt&page=1&limit=25');
  });

  it('goes back to page 1 when the search or a filter changes, not when the page does', () => {
    const state = readListState('?page=4', config);
    expect(updateListState(state, { q: 'x' }).page).toBe(1);
    expect(updateListState(state, { filters: { status: 'published' } })).toMatchObject({ page: 1, filters: { status: 'published' } });
    expect(updateListState(state, { page: 5 }).page).toBe(5);
  });

  it('toggles a column sort between ascending and descending', () => {
    expect(toggleSort('-updatedAt', 'title')).toBe('title');
    expect(toggleSort('title', 'title')).toBe('-title');
    expect(toggleSort('-title', 'title')).toBe('title');
    expect(sortDirection('-title', 'title')).toBe('descending');
    expect(sortDirection('title', 'title')).toBe('ascending');
    expect(sortDirection('title', 'status')).toBe('none');
  });

  it('counts at least one page', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });
});
