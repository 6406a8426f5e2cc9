import { Select, Table, Text, Textarea } from '@mantine/core';
import { GermanNumberInput, useRecordFormat } from '../../../engine/field-kit';
import { useT } from '../../../i18n/i18n';
import { positionLabels, unitOptions } from './position-labels';
import { PositionLineRow } from './position-line-row';
import { PositionActionsAt, PositionWarning } from './position-row-actions';
import type { PositionRowsProps } from './position-rows';
import { TaxChips } from './position-taxes';
import { itemNumbers, kindOf, priceFullCents, subtotalsOf, taxesOf } from './position-values';
import classes from './positions.module.css';

const amount = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The positions as a table whose main columns are edited in place (tablet and desktop). */
export function PositionTable(p: PositionRowsProps) {
  const t = useT();
  const format = useRecordFormat();
  const labels = positionLabels(p.definition);
  const units = unitOptions(p.definition);
  const numbers = itemNumbers(p.positions);
  const subtotals = subtotalsOf(p.positions);
  const unitLabel = (value: unknown) =>
    units.find((unit) => unit.value === value)?.label ?? (typeof value === 'string' ? value : '');

  return (
    <Table.ScrollContainer minWidth={p.readOnly ? 640 : 860} type="native">
      <Table
        verticalSpacing={6}
        horizontalSpacing="xs"
        // Fixed while editing: the input columns keep their widths whatever a text line spanning
        // them holds. Read-only cells hold plain text and size themselves.
        layout={p.readOnly ? 'auto' : 'fixed'}
        className={classes.table}
        aria-label={t('records.positionsTable')}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={32}>
              <span className={classes.srOnly}>{t('records.positionNumber')}</span>
            </Table.Th>
            <Table.Th>{labels.title}</Table.Th>
            {/* Widths fit the longest unit ('Quadratmeter') and amounts up to 999.999,99 €, so no
                input cuts its value and no word breaks. */}
            <Table.Th w={92} ta="right">
              {labels.quantity}
            </Table.Th>
            <Table.Th w={168}>{labels.unit}</Table.Th>
            <Table.Th w={132} ta="right">
              {labels.price_single}
            </Table.Th>
            <Table.Th w={108} ta="right">
              {labels.price_full}
            </Table.Th>
            <Table.Th w={68}>{labels.taxes}</Table.Th>
            {!p.readOnly && (
              <Table.Th w={100}>
                <span className={classes.srOnly}>{t('records.actions')}</span>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.positions.map((position, index) => {
            if (kindOf(position) !== 'item') {
              return (
                <PositionLineRow
                  key={position._id ?? index}
                  p={p}
                  index={index}
                  subtotalCents={subtotals[index] ?? null}
                />
              );
            }
            const n = index + 1;
            const messages = p.messagesOf(index);
            const full = priceFullCents(position);
            return (
              <Table.Tr key={position._id ?? index} data-error={messages.length > 0 || undefined}>
                <Table.Td>
                  {messages.length > 0 ? (
                    <PositionWarning number={n} messages={messages} />
                  ) : (
                    <Text size="sm" c="dimmed" ta="center">
                      {numbers[index]}
                    </Text>
                  )}
                </Table.Td>
                {p.readOnly ? (
                  <>
                    <Table.Td>
                      <Text size="sm">{typeof position.title === 'string' ? position.title : ''}</Text>
                    </Table.Td>
                    <Table.Td ta="right" style={amount}>
                      {format.number(position.quantity)}
                    </Table.Td>
                    <Table.Td className={classes.unit}>{unitLabel(position.unit)}</Table.Td>
                    <Table.Td ta="right" style={amount}>
                      {format.euros(position.price_single)}
                    </Table.Td>
                  </>
                ) : (
                  <>
                    <Table.Td>
                      {/* A long text wraps in its field instead of hiding behind the field's edge. */}
                      <Textarea
                        size="sm"
                        autosize
                        minRows={1}
                        maxRows={6}
                        aria-label={`${labels.title} ${n}`}
                        value={typeof position.title === 'string' ? position.title : ''}
                        error={p.errorAt(index, 'title')}
                        onChange={(event) => p.onUpdate(index, 'title', event.currentTarget.value)}
                        onKeyDown={(event) => {
                          // A position's title is one line; Enter does not break it.
                          if (event.key === 'Enter') event.preventDefault();
                        }}
                      />
                    </Table.Td>
                    <Table.Td>
                      <GermanNumberInput
                        size="sm"
                        kind="float"
                        aria-label={`${labels.quantity} ${n}`}
                        value={position.quantity}
                        error={p.errorAt(index, 'quantity')}
                        onChange={(value) => p.onUpdate(index, 'quantity', value)}
                        classNames={{ input: classes.number }}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Select
                        size="sm"
                        aria-label={`${labels.unit} ${n}`}
                        data={units}
                        value={typeof position.unit === 'string' ? position.unit : null}
                        error={p.errorAt(index, 'unit')}
                        onChange={(value) => p.onUpdate(index, 'unit', value)}
                        comboboxProps={{ withinPortal: true }}
                        // A slim chevron leaves the label room: 'Quadratmeter' fits whole.
                        rightSectionWidth={24}
                      />
                    </Table.Td>
                    <Table.Td>
                      <GermanNumberInput
                        size="sm"
                        kind="float"
                        aria-label={`${labels.price_single} ${n}`}
                        value={position.price_single}
                        error={p.errorAt(index, 'price_single')}
                        onChange={(value) => p.onUpdate(index, 'price_single', value)}
                        classNames={{ input: classes.number }}
                        rightSectionWidth={24}
                        rightSection={
                          <Text size="xs" c="dimmed">
                            {format.currencySymbol}
                          </Text>
                        }
                      />
                    </Table.Td>
                  </>
                )}
                <Table.Td ta="right" style={amount} fw={500}>
                  {full === null ? '–' : format.cents(full)}
                </Table.Td>
                <Table.Td>
                  <TaxChips taxes={taxesOf(position)} compact />
                </Table.Td>
                {!p.readOnly && (
                  <Table.Td>
                    <PositionActionsAt rows={p} index={index} />
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
