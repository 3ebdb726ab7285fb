import type { DataTableColumn } from '../../src/ui/DataTable/DataTable';
import { cellTexts } from './tables';

/** A row of the list-page tests: a fruit and its weight in grams. */
export interface Fruit {
  name: string;
  weight: number;
}

/** The rows, in the order the list is given them (neither by name nor by weight). */
export const FRUITS: Fruit[] = [
  { name: 'pear', weight: 180 },
  { name: 'apple', weight: 150 },
  { name: 'fig', weight: 40 },
];

/** Name and Weight, each sortable by its own key. */
export const FRUIT_COLUMNS: DataTableColumn<Fruit>[] = [
  { id: 'name', header: 'Name', cell: (fruit) => fruit.name, sortKey: 'name' },
  { id: 'weight', header: 'Weight', cell: (fruit) => String(fruit.weight), sortKey: 'weight' },
];

/** How a list loaded whole sorts a fruit by a sort key. */
export const fruitSortValue = (fruit: Fruit, key: string): string | number =>
  key === 'weight' ? fruit.weight : fruit.name;

/** The names the "Fruits" table shows, top to bottom. */
export const fruitNames = () => cellTexts('Fruits', 1).map(([name]) => name);
