import {
  CAPITAL_AT_RISK,
  CATEGORY_GOVERNANCE_DEFAULTS,
  CATEGORY_NEEDS,
  PRODUCT_CATEGORIES,
  isCreditCategory,
  type CapitalAtRisk,
  PRODUCT_LIMITS,
  PRODUCT_RULE_FIELDS,
  type CreateProductRequest,
  type Product,
  type ProductCategory,
  type ProductNeed,
  type ProductRuleField,
} from '@behavio/contract';
import {
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { endsSession, isApiError } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import { PRODUCT_TEXT, reason, useCreateProduct, useUpdateProduct } from '../api/products';
import { CATEGORY_LABELS } from '@/components/ui/product-badge/product-badge';
import { CAPITAL_AT_RISK_LABELS, NEED_LABELS, RULE_LABELS } from './product-labels';

type RuleValues = Record<ProductRuleField, number | string>;

interface ProductValues extends RuleValues {
  name: string;
  category: ProductCategory;
  description: string;
  active: boolean;
  weight: number | string;
  countries: string[];
  needs: ProductNeed[];
  /** Governance (issue 28): what the suitability gate reads. */
  risk_class: number | string;
  complex: boolean;
  capital_at_risk: CapitalAtRisk;
  min_holding_years: number | string;
  adds_market_exposure: boolean;
}

const emptyRules = Object.fromEntries(PRODUCT_RULE_FIELDS.map((f) => [f, ''])) as RuleValues;

function valuesOf(product: Product | null): ProductValues {
  if (!product)
    return {
      name: '',
      category: 'savings',
      description: '',
      active: true,
      weight: PRODUCT_LIMITS.weightDefault,
      countries: [],
      needs: [],
      ...CATEGORY_GOVERNANCE_DEFAULTS.savings,
      ...emptyRules,
    };
  const rules = Object.fromEntries(
    PRODUCT_RULE_FIELDS.map((f) => [f, product[f] ?? '']),
  ) as RuleValues;
  return { ...product, ...rules };
}

/** An empty number field is "no rule" (null); the server checks every range and says which. */
const numberOrNull = (v: number | string) => (v === '' ? null : Number(v));

function requestOf(values: ProductValues): CreateProductRequest {
  const rules = Object.fromEntries(
    PRODUCT_RULE_FIELDS.map((f) => [f, numberOrNull(values[f])]),
  ) as Record<ProductRuleField, number | null>;
  return {
    name: values.name,
    category: values.category,
    description: values.description,
    active: values.active,
    weight: numberOrNull(values.weight) ?? PRODUCT_LIMITS.weightDefault,
    countries: values.countries,
    needs: values.needs,
    risk_class: Number(values.risk_class),
    complex: values.complex,
    capital_at_risk: values.capital_at_risk,
    min_holding_years: Number(values.min_holding_years),
    adds_market_exposure: values.adds_market_exposure,
    ...rules,
  };
}

export interface ProductFormModalProps {
  /** The product to edit; null adds a new one. */
  product: Product | null;
  opened: boolean;
  onClose: () => void;
}

/**
 * Adds or edits a product of the shelf: what it is, how much the firm wants to sell it, the
 * needs it serves and the eligibility rules (empty = no rule). The server validates; its field
 * errors land on the fields.
 */
export function ProductFormModal({ product, opened, onClose }: ProductFormModalProps) {
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const pending = create.isPending || update.isPending;
  const form = useForm<ProductValues>({ mode: 'controlled', initialValues: valuesOf(product) });

  const close = () => {
    if (pending) return;
    onClose();
  };

  const failed = (error: unknown) => {
    if (endsSession(error)) return;
    if (isApiError(error) && error.errors)
      form.setErrors(Object.fromEntries(error.errors.map((e) => [e.path, e.msg])));
    toast.error({ title: PRODUCT_TEXT.saveError, message: reason(error) });
  };

  const submit = (values: ProductValues) => {
    const body = requestOf(values);
    const done = (title: string) => () => {
      toast.success({ title, message: `${body.name}: recommendations are being updated.` });
      onClose();
    };
    if (product)
      update.mutate(
        { id: product.product_id, changes: body },
        { onSuccess: done(PRODUCT_TEXT.updated), onError: failed },
      );
    else create.mutate(body, { onSuccess: done(PRODUCT_TEXT.created), onError: failed });
  };

  const category = form.values.category;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={product ? `Edit ${product.name}` : 'Add product'}
      size="lg"
      centered
    >
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="md">
          <TextInput
            label="Name"
            withAsterisk
            maxLength={PRODUCT_LIMITS.nameMax}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Category"
              data={PRODUCT_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
              allowDeselect={false}
              withAsterisk
              {...form.getInputProps('category')}
              onChange={(value) => {
                const next = (value ?? 'savings') as ProductCategory;
                form.setFieldValue('category', next);
                // Needs the new category cannot serve would be refused.
                form.setFieldValue(
                  'needs',
                  form.values.needs.filter((n) => CATEGORY_NEEDS[next].includes(n)),
                );
                // A new product starts from the category's documented governance defaults;
                // credit never puts capital at risk nor adds market exposure.
                if (!product) form.setValues(CATEGORY_GOVERNANCE_DEFAULTS[next]);
                else if (isCreditCategory(next))
                  form.setValues({ capital_at_risk: 'none', adds_market_exposure: false });
              }}
            />
            <NumberInput
              label="Weight (0-10)"
              description="How much the firm wants to sell it; rank = fit × weight"
              min={PRODUCT_LIMITS.weightMin}
              max={PRODUCT_LIMITS.weightMax}
              step={0.5}
              {...form.getInputProps('weight')}
            />
          </SimpleGrid>
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxLength={PRODUCT_LIMITS.descriptionMax}
            {...form.getInputProps('description')}
          />
          <MultiSelect
            label="Needs it serves"
            description="None chosen: every need its category can serve"
            data={CATEGORY_NEEDS[category].map((n) => ({ value: n, label: NEED_LABELS[n] }))}
            {...form.getInputProps('needs')}
          />
          <Text fw={600} size="sm">
            Eligibility rules (leave empty for no rule)
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {PRODUCT_RULE_FIELDS.map((field) => (
              <NumberInput key={field} label={RULE_LABELS[field]} {...form.getInputProps(field)} />
            ))}
          </SimpleGrid>
          <Text fw={600} size="sm">
            Product governance (what the suitability gate checks)
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Risk class (1-7, the KID's SRI)"
              min={1}
              max={7}
              step={1}
              allowDecimal={false}
              {...form.getInputProps('risk_class')}
            />
            <NumberInput
              label="Minimum holding (years, 0-30)"
              min={0}
              max={30}
              {...form.getInputProps('min_holding_years')}
            />
            <Select
              label="Capital at risk"
              data={CAPITAL_AT_RISK.map((c) => ({ value: c, label: CAPITAL_AT_RISK_LABELS[c] }))}
              allowDeselect={false}
              disabled={isCreditCategory(category)}
              {...form.getInputProps('capital_at_risk')}
            />
            <Stack gap={6} justify="flex-end">
              <Switch
                label="Complex (needs quiz 60+ and 2+ years)"
                {...form.getInputProps('complex', { type: 'checkbox' })}
              />
              <Switch
                label="Adds market exposure"
                disabled={isCreditCategory(category)}
                {...form.getInputProps('adds_market_exposure', { type: 'checkbox' })}
              />
            </Stack>
          </SimpleGrid>
          <TagsInput
            label="Countries"
            description="3-letter ISO codes; none: every country"
            {...form.getInputProps('countries')}
            onChange={(codes) =>
              form.setFieldValue(
                'countries',
                codes.map((c) => c.trim().toUpperCase()),
              )
            }
          />
          <Switch
            label="Active (on the shelf)"
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {product ? 'Save' : 'Add product'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
