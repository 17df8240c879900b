import type pg from 'pg';

/**
 * The bench:scale data, in SQL only (generate_series): `tips` tips on the tip jar `slug` over the
 * last two years (a realistic mix of statuses and methods, names and messages to search), 1 % of
 * that on each of three other jars, and `recurring` monthly tips of the demo listener, due now.
 * Deterministic: the pseudo-random choices are arithmetic on the row number.
 */
export async function fillScaleData(db: pg.Client, opts: { tips: number; recurring: number; slug: string }) {
  const jar = await db.query<{ id: string }>('select id from tipjars where slug = $1', [opts.slug]);
  const jarId = jar.rows[0]!.id;
  const others = await db.query<{ id: string }>(
    `insert into tipjars (slug, name, status, contact_email)
     select 'scale-' || g, 'Scale jar ' || g, 'LIVE', 'scale' || g || '@example.test' from generate_series(1, 3) g
     returning id`,
  );
  const insertTips = (tipjarId: string, n: number, salt: number) =>
    db.query(
      `with g as (
         select g, ((g::bigint * 7919 + $3::int) % 1000)::int as r,
                now() - (((g::bigint * 104729 + $3::int) % (730 * 86400)) * interval '1 second') as at
         from generate_series(1, $2::int) g)
       insert into tips (tipjar_id, amount, fee, refunded_amount, refunded_fee, status, privacy, display_name,
                         message, email, locale, payment_method, completed_at, created, updated)
       select $1::uuid, amount, fee,
              case when status in ('refunded', 'chargeback') then amount else 0 end,
              case when status = 'refunded' then fee else 0 end,
              status, privacy,
              case when privacy = 'ANONYMOUS' then null
                   else (array['Anna','Bram','Cor','Daan','Eva','Fleur','Gijs','Hanna','Ingrid','Joost'])[1 + g % 10]
                        || ' ' || (array['de Vries','Jansen','Bakker','Visser','Smit','Meijer','de Boer','Mulder','de Groot','Bos',
                                         'Vos','Peters','Hendriks','van Leeuwen','Dekker','Brouwer','de Wit','Dijkstra','Smits','de Graaf',
                                         'van der Meer','van den Berg','Kok','Jacobs','de Haan','Vermeulen','van Dijk','Schouten','van Beek','Willems',
                                         'Hoekstra','Maas','Verhoeven','Koster','Prins','Blom','Huisman','Peeters','de Jong','Kuipers',
                                         'van Wijk','Postma','Kramer','van der Linden','Veenstra','Kuiper','Schipper','Koning','Wouters','Boer'])[1 + (g / 10) % 50]
              end,
              case when g % 100000 = 7 then 'Voor de koffiebonen!'
                   else (array['Dank je wel!','Top aflevering','Thanks for the show','Keep it up','Geweldige podcast',
                               'Voor een kop koffie','Mooi gesprek','','Great episode',''])[1 + (g / 7) % 10] end,
              'tipper' || g || '@example.test', case when g % 5 = 0 then 'en' else 'nl' end,
              (array['ideal','ideal','ideal','ideal','ideal','ideal','ideal','bcmc','bcmc','creditcard'])[1 + r % 10],
              case when status in ('completed', 'refunded', 'chargeback') then at + interval '1 minute' end,
              at,
              at + case when status in ('completed', 'refunded', 'chargeback') then interval '1 minute'
                        when status = 'refunded' then interval '3 days' else interval '20 minutes' end
       from (select g, r, at,
                    (array[100,200,250,300,500,500,500,700,1000,1000,1500,2000,2500,5000])[1 + r % 14] + (g % 3) * 50 as amount,
                    case when r < 800 then 'completed' when r < 815 then 'refunded' when r < 820 then 'chargeback'
                         when r < 880 then 'cancelled' when r < 940 then 'expired' when r < 970 then 'failed'
                         when r < 990 then 'pending' else 'created' end as status,
                    case when r % 10 = 0 then 'ANONYMOUS' when r % 10 = 1 then 'NAME_ONLY' else 'NAME_AND_AMOUNT' end as privacy
             from g) x
       cross join lateral (select (x.amount * 5 + 50) / 100 as fee) f`,
      [tipjarId, n, salt],
    );
  await insertTips(jarId, opts.tips, 0);
  for (const [i, other] of others.rows.entries()) await insertTips(other.id, Math.ceil(opts.tips / 100), i + 1);
  const listener = await db.query<{ id: string }>(`select id from users where email = 'listener@podpot.local'`);
  await db.query(
    `insert into recurring_tips (tipjar_id, user_id, amount, status, mandate_status, mandate_uid, mandate_token,
                                 payment_method, charge_day, next_charge_at, display_name, message, locale, created)
     select $1::uuid, $2::uuid, 300 + (g % 5) * 100, 'active', 'valid', 'bench-mandate-' || g, md5(g::text), 'ideal',
            1 + g % 28, now() - interval '1 minute', 'Monthly ' || g, '', 'nl', now() - interval '40 days'
     from generate_series(1, $3::int) g`,
    [jarId, listener.rows[0]!.id, opts.recurring],
  );
  await db.query('vacuum analyze');
  return { jarId };
}
