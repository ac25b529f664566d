import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../platform/clock';

// The demo venue's small menu (issue 35 acceptance: a newcomer orders from a phone in the first
// five minutes), English and Spanish, bar and kitchen, one item with choices, one with hours.

interface DemoItem {
  name: string;
  nameEs: string;
  description: string;
  descriptionEs: string;
  cents: number;
  station: 'bar' | 'kitchen';
  allergens?: string;
  hours?: [number, number];
  groups?: { name: string; nameEs: string; min: number; max: number; options: [string, string, number][] }[];
}

const menu: { name: string; nameEs: string; items: DemoItem[] }[] = [
  {
    name: 'Drinks',
    nameEs: 'Bebidas',
    items: [
      {
        name: 'Mojito',
        nameEs: 'Mojito',
        description: 'Rum, lime, mint, soda',
        descriptionEs: 'Ron, lima, hierbabuena, soda',
        cents: 900,
        station: 'bar',
        groups: [
          {
            name: 'Size',
            nameEs: 'Tamaño',
            min: 1,
            max: 1,
            options: [
              ['Regular', 'Normal', 0],
              ['Large', 'Grande', 300],
            ],
          },
          {
            name: 'Ice',
            nameEs: 'Hielo',
            min: 0,
            max: 1,
            options: [
              ['No ice', 'Sin hielo', 0],
              ['Extra ice', 'Más hielo', 0],
            ],
          },
        ],
      },
      {
        name: 'Beer',
        nameEs: 'Cerveza',
        description: 'Cold draft beer',
        descriptionEs: 'Cerveza de barril bien fría',
        cents: 600,
        station: 'bar',
        allergens: 'gluten',
      },
      {
        name: 'Lemonade',
        nameEs: 'Limonada',
        description: 'Fresh squeezed',
        descriptionEs: 'Recién exprimida',
        cents: 450,
        station: 'bar',
      },
      {
        name: 'Water',
        nameEs: 'Agua',
        description: 'Still, 50 cl',
        descriptionEs: 'Sin gas, 50 cl',
        cents: 250,
        station: 'bar',
      },
    ],
  },
  {
    name: 'Food',
    nameEs: 'Comida',
    items: [
      {
        name: 'Fish tacos',
        nameEs: 'Tacos de pescado',
        description: 'Two tacos, slaw, lime',
        descriptionEs: 'Dos tacos, ensalada de col, lima',
        cents: 1200,
        station: 'kitchen',
        allergens: 'fish,gluten',
        hours: [11, 17],
      },
      {
        name: 'Nachos',
        nameEs: 'Nachos',
        description: 'Cheese, jalapeños, salsa',
        descriptionEs: 'Queso, jalapeños, salsa',
        cents: 1000,
        station: 'kitchen',
        allergens: 'milk',
      },
    ],
  },
];

export async function seedFnbDemo(db: Kysely<DB>, clock: Clock): Promise<void> {
  const now = clock.now();
  for (const [ci, c] of menu.entries()) {
    const { id: categoryId } = await db
      .insertInto('fnb_categories')
      .values({
        name: c.name,
        name_es: c.nameEs,
        start_hour: null,
        end_hour: null,
        sort_order: ci,
        active: 1,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [ii, i] of c.items.entries()) {
      const { id: itemId } = await db
        .insertInto('fnb_items')
        .values({
          category_id: categoryId,
          name: i.name,
          name_es: i.nameEs,
          description: i.description,
          description_es: i.descriptionEs,
          price_cents: i.cents,
          photo_url: '',
          allergens: i.allergens ?? '',
          station: i.station,
          sold_out: 0,
          start_hour: i.hours?.[0] ?? null,
          end_hour: i.hours?.[1] ?? null,
          sort_order: ii,
          active: 1,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [gi, g] of (i.groups ?? []).entries()) {
        const { id: groupId } = await db
          .insertInto('fnb_modifier_groups')
          .values({
            item_id: itemId,
            name: g.name,
            name_es: g.nameEs,
            min_choices: g.min,
            max_choices: g.max,
            sort_order: gi,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('fnb_modifier_options')
          .values(
            g.options.map(([name, nameEs, delta], oi) => ({
              group_id: groupId,
              name,
              name_es: nameEs,
              price_delta_cents: delta,
              sort_order: oi,
            })),
          )
          .execute();
      }
    }
  }
}
