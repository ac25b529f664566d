import { Alert, Button, Stack, Table, Text, TextInput } from '@mantine/core';
import { type LiveLookup, pmsLookupTextsIn } from '@sandbar/contract/pms-lookup';
import { guestSearchDelayMs, rosterGuest } from '@sandbar/contract/rules/pricing';
import type { SearchWyndhamResponse } from '@sandbar/contract/sales';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../../lib/current-language';
import { searchWyndham } from '../../api/search-wyndham';
import { ChoiceButton } from './choice-button';
import { ContinueButton } from './continue-button';
import type { StepProps } from './step-props';

interface Answer {
  /** The inputs this answer is for: a stale answer never decides anything. */
  query: string;
  result: SearchWyndhamResponse;
}

const queryOf = (hotelId: number, lastName: string, room: string) => `${hotelId}|${lastName.trim()}|${room.trim()}`;

/**
 * Enter Hotel Customer Name: typing restarts a 1000 ms timer, then the guest list is searched
 * (spec section 4). The guest charged, and whether the additional-guest surcharge applies, come
 * from the contract's rosterGuest rule over the rows found: the rule the server records by.
 */
export function GuestStep({ state, dispatch, hotelId }: StepProps & { hotelId: number }) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [searching, setSearching] = useState(false);
  const { lastName, roomNumber, manualEntry } = state;
  const query = queryOf(hotelId, lastName, roomNumber);

  useEffect(() => {
    if (!lastName.trim() && !roomNumber.trim()) return;
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      setSearching(true);
      searchWyndham(
        {
          customerData: {
            hotelLastName: lastName.trim(),
            hotelRoomNumber: roomNumber.trim(),
            roomChargeHotel: hotelId,
          },
        },
        ctrl.signal,
      )
        .then((result) => setAnswer({ query: queryOf(hotelId, lastName, roomNumber), result }))
        .catch(() => undefined)
        .finally(() => setSearching(false));
    }, guestSearchDelayMs);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [lastName, roomNumber, hotelId]);

  const current = answer?.query === query ? answer.result : null;
  const result = lastName.trim() || roomNumber.trim() ? (current ?? answer?.result ?? null) : null;
  const rowsOf = (r: SearchWyndhamResponse) =>
    r.guests.map((g) => ({
      room: g.Room,
      guestName: g.Guest_Name,
      accompanyingGuestName: g.Accompanying_Guest_Name,
      additional: g.Additional === '1',
    }));
  const rosterMatch = current ? rosterGuest(rowsOf(current), lastName, roomNumber) : null;
  // A hotel connected to a PMS (issue 34): the PMS's live answer decides when it gave one; the
  // roster's additional-guest surcharge still applies (a PMS knows nothing of it).
  const live = current?.live ?? null;
  const guest =
    live?.status === 'found'
      ? { extraCharge: rosterMatch?.extraCharge ?? false }
      : live?.status === 'notInHouse'
        ? null
        : rosterMatch;

  /**
   * "Use this guest" moves on to Select Equipment at once when the row shows its room (spec
   * section 4): the roster rows on screen decide, not a second search, so a slow roster search
   * (or a slow tablet) cannot leave the attendant on this step. A masked room must still be typed.
   */
  const pickGuest = (g: SearchWyndhamResponse['guests'][number], shown: SearchWyndhamResponse) => {
    const pickedName = g.Guest_Name.split(',')[0]!.trim();
    const pickedRoom = g.Room.includes('*') ? roomNumber : g.Room;
    dispatch({ type: 'editGuest', lastName: pickedName, ...(g.Room.includes('*') ? {} : { roomNumber: g.Room }) });
    const match = g.Room.includes('*') ? null : rosterGuest(rowsOf(shown), pickedName, pickedRoom);
    // A PMS hotel: the pick fills the fields and the PMS is asked for that guest (no shortcut).
    if (match && !shown.live) dispatch({ type: 'confirmGuest', extraCharge: !manualEntry && match.extraCharge });
  };
  const filled = !!lastName.trim() && !!roomNumber.trim();
  const ready = filled && (manualEntry || guest !== null);

  return (
    <Stack gap="xs">
      <TextInput
        label={t('sale.lastName')}
        value={lastName}
        onChange={(e) => dispatch({ type: 'editGuest', lastName: e.currentTarget.value })}
      />
      <TextInput
        label={t('sale.roomNumber')}
        value={roomNumber}
        onChange={(e) => dispatch({ type: 'editGuest', roomNumber: e.currentTarget.value })}
      />
      {searching && <Text size="sm">{t('sale.searching')}</Text>}
      {/* The roster answers for an unreachable PMS: say so when it knows nobody either. */}
      {result && result.guests.length === 0 && (!live || live.status === 'unreachable') && (
        <Text size="sm">{t('sale.noGuests')}</Text>
      )}
      {live && !manualEntry && <LiveAnswer live={live} />}
      {guest && live?.status !== 'found' && (
        <Text size="sm" c="teal.9" data-testid="guest-match">
          {t('sale.guestMatch')}
          {guest.extraCharge ? ` ${t('sale.extraChargeApplies')}` : ''}
        </Text>
      )}
      {guest && live?.status === 'found' && guest.extraCharge && <Text size="sm">{t('sale.extraChargeApplies')}</Text>}
      {result && result.guests.length > 0 && (
        <Table data-testid="guest-results">
          <Table.Tbody>
            {result.guests.map((g) => (
              <Table.Tr key={`${g.Room}-${g.Guest_Name}`}>
                <Table.Td>{g.Room}</Table.Td>
                <Table.Td>
                  {g.Guest_Name}
                  {g.Accompanying_Guest_Name ? ` / ${g.Accompanying_Guest_Name}` : ''}
                  {g.Additional === '1' ? ` (${t('sale.additionalGuest')})` : ''}
                </Table.Td>
                <Table.Td>
                  <Button variant="light" onClick={() => pickGuest(g, result)}>
                    {t('sale.pickGuest')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {/* A toggle as big as the other choices (issue 12: nothing needs a precise tap). */}
      <ChoiceButton
        selected={manualEntry}
        variant={manualEntry ? 'filled' : 'default'}
        onClick={() => dispatch({ type: 'editGuest', manualEntry: !manualEntry })}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('sale.manualEntry')}
      </ChoiceButton>
      <ContinueButton
        show={ready}
        onClick={() => dispatch({ type: 'confirmGuest', extraCharge: !manualEntry && !!guest?.extraCharge })}
      />
    </Stack>
  );
}

/** What the hotel's PMS said, live: the guest to confirm, nobody in house, or the roster's warning. */
function LiveAnswer({ live }: { live: LiveLookup }) {
  const words = pmsLookupTextsIn(currentLanguage());
  if (live.status === 'found' && live.guest) {
    return (
      <Alert color="teal" variant="light" title={words.found} data-testid="live-guest" role="status">
        <Text size="md" fw={700}>
          {live.guest.name}
        </Text>
        <Text size="sm">
          {words.room} {live.guest.room} · {words.reservation} {live.guest.reservation}
        </Text>
        {live.vacationOwner && <Text size="sm">{words.vacationOwner}</Text>}
      </Alert>
    );
  }
  if (live.status === 'notInHouse') {
    return (
      <Alert color="red" variant="light" data-testid="live-not-in-house" role="status">
        {words.notInHouse}
      </Alert>
    );
  }
  if (live.status === 'unreachable') {
    return (
      <Alert color="yellow" variant="light" data-testid="live-warning" role="status">
        {words.unreachable}
      </Alert>
    );
  }
  return null;
}
