// Mantine's mixins and rem()/light-dark() helpers for our CSS modules. Media queries are written
// with literal em values (sm = 36em = 576px, spec 01 §9) so Biome can parse the files.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
