import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconPercentage } from '@tabler/icons-react';
import type { FieldRendererProps } from '../../../engine/field-kit';
import { MapTable, newEntryId } from '../../../engine/field-kit';
import { useEnvironment } from '../../../environment/environment-context';
import { useT } from '../../../i18n/i18n';

/** taxes-map: a small table of taxes (name, percent, evaluation number); the environment's rates are one click away. */
export function TaxesMapField(props: FieldRendererProps<'map'>) {
  const t = useT();
  const { taxes } = useEnvironment();
  return (
    <MapTable
      props={props}
      moreActions={(append) =>
        taxes.length > 0 && (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button variant="subtle" size="sm" rightSection={<IconChevronDown size={14} />}>
                {t('records.taxFromEnvironment')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {taxes.map((tax) => (
                <Menu.Item
                  key={tax._id}
                  leftSection={<IconPercentage size={14} />}
                  onClick={() =>
                    append({ _id: newEntryId(), name: tax.name, percent: tax.percentage, number: tax.number })
                  }
                >
                  {tax.name}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )
      }
    />
  );
}
