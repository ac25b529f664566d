import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { roomChargeType, searchReportTypes } from '@sandbar/contract/reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportHotels } from '../api/get-hotels';

export interface SearchRequest {
  type: string;
  startDay: string;
  endDay: string;
}

/** searchSales: the type selector (spec section 2's search types and each hotel's room charges), start and end dates, Search. */
export function SearchForm({ initial, onSearch }: { initial: SearchRequest; onSearch: (s: SearchRequest) => void }) {
  const { t } = useTranslation();
  const hotels = useReportHotels();
  const [s, setS] = useState(initial);
  const options = [
    ...searchReportTypes.map((o) => ({ value: o.type as string, label: t(`reportLabels.${o.label}`) })),
    ...(hotels.data?.hotels ?? [])
      .filter((h) => !h.isOther)
      .map((h) => ({ value: roomChargeType(h.name), label: t('reports.roomChargeOf', { hotel: h.name }) })),
  ];
  return (
    <Group align="flex-end" className="no-print" data-testid="search-form">
      {/* The platform's own picker (issue 26): a thumb-sized sheet on a phone, and no scrolling
          list of options a keyboard cannot reach (axe scrollable-region-focusable). */}
      <NativeSelect
        label={t('reports.searchType')}
        data={options}
        value={s.type}
        onChange={(e) => setS({ ...s, type: e.currentTarget.value })}
      />
      <TextInput
        type="date"
        label={t('reports.startDate')}
        value={s.startDay}
        onChange={(e) => setS({ ...s, startDay: e.currentTarget.value })}
      />
      <TextInput
        type="date"
        label={t('reports.endDate')}
        value={s.endDay}
        onChange={(e) => setS({ ...s, endDay: e.currentTarget.value })}
      />
      <Button onClick={() => onSearch(s)} disabled={!s.startDay || !s.endDay}>
        {t('reports.search')}
      </Button>
    </Group>
  );
}
