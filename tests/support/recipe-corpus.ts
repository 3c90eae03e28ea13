/**
 * Real-world recipe texts (written for these tests, in the formats people paste: cards, messages, web
 * pages, notes) with the parse expected of each. An ingredient is "quantity|quantityMax|unit|name"
 * (empty for none). tests/api/recipe-import.test.ts prints the parser's accuracy per field.
 */
export interface CorpusRecipe {
  text: string
  name: string
  portions: number | null
  yield?: [number, string]
  prep?: number
  cook?: number
  ingredients: string[]
  sections?: string[]
  steps: number
}

export const CORPUS: CorpusRecipe[] = [
  {
    text: `Classic Pancakes

Serves 4
Prep time: 10 minutes
Cook time: 20 minutes

Ingredients
- 1 1/2 cups plain flour
- 3 1/2 tsp baking powder
- 1 tbsp sugar
- 1/4 tsp salt
- 1 1/4 cups milk
- 1 egg
- 3 tbsp butter, melted

Method
1. Sift the flour, baking powder, sugar and salt into a bowl.
2. Whisk in the milk, egg and butter until smooth.
3. Cook ladlefuls in a hot pan until golden on both sides.`,
    name: 'Classic Pancakes',
    portions: 4,
    prep: 10,
    cook: 20,
    ingredients: ['1.5||cup|plain flour', '3.5||tsp|baking powder', '1||tbsp|sugar', '0.25||tsp|salt', '1.25||cup|milk', '1|||egg', '3||tbsp|butter'],
    steps: 3,
  },
  {
    text: `Tortilla de patatas

Para 4 personas
Tiempo de preparación: 15 min
Cocción: 30 minutos

Ingredientes:
- 1 kg de patatas
- 6 huevos
- 1 cebolla
- 250 ml de aceite de oliva
- Sal

Preparación:
1. Pela y corta las patatas en láminas finas.
2. Fríe las patatas y la cebolla en el aceite a fuego medio.
3. Bate los huevos, mezcla con las patatas y cuaja por ambos lados.`,
    name: 'Tortilla de patatas',
    portions: 4,
    prep: 15,
    cook: 30,
    ingredients: ['1||kg|patatas', '6|||huevos', '1|||cebolla', '250||ml|aceite de oliva', '|||Sal'],
    steps: 3,
  },
  {
    text: `Gazpacho andaluz
Raciones: 6
Ingredientes
• 1,5 kg de tomates maduros
• 1 pimiento verde
• 1 pepino
• 1 diente de ajo
• 50 ml de aceite de oliva virgen extra
• 2 cdas de vinagre de Jerez
• 1 cdta de sal
Elaboración
Trocea todas las verduras.
Tritura con el aceite, el vinagre y la sal hasta obtener una crema fina.
Cuela y enfría en la nevera al menos dos horas.`,
    name: 'Gazpacho andaluz',
    portions: 6,
    ingredients: ['1.5||kg|tomates maduros', '1|||pimiento verde', '1|||pepino', '1||diente|ajo', '50||ml|aceite de oliva virgen extra', '2||cda|vinagre de Jerez', '1||cdta|sal'],
    steps: 3,
  },
  {
    text: `Beef stew
Serves 6-8

You will need:
1.2kg braising steak, diced
2 tbsp plain flour
3 tbsp oil
2 onions, chopped
3 carrots, sliced
500ml beef stock
250 ml red wine
2 bay leaves

Method:
Toss the beef in the flour and brown it in batches in the oil.
Soften the onions and carrots, return the beef, add the stock, wine and bay leaves.
Cover and cook at 160C for 2 1/2 hours.`,
    name: 'Beef stew',
    portions: 6,
    ingredients: ['1.2||kg|braising steak', '2||tbsp|plain flour', '3||tbsp|oil', '2|||onions', '3|||carrots', '500||ml|beef stock', '250||ml|red wine', '2|||bay leaves'],
    steps: 3,
  },
  {
    text: `Guacamole

Ingredients:
* 3 ripe avocados
* ½ red onion, finely chopped
* 1-2 green chillies
* juice of 1 lime
* a handful of coriander
* a pinch of salt

Instructions:
1) Mash the avocados.
2) Stir in everything else and season.`,
    name: 'Guacamole',
    portions: null,
    ingredients: ['3|||ripe avocados', '0.5|||red onion', '1|2||green chillies', '|||juice of 1 lime', '1||handful|coriander', '1||pinch|salt'],
    steps: 2,
  },
  {
    text: `Salsa de tomate casera
Rinde: 1 litro

Ingredientes
2 kg de tomates
4 dientes de ajo
100 ml de aceite de oliva
1 cdta de azúcar
Sal y pimienta

Pasos
1. Escalda y pela los tomates.
2. Sofríe el ajo en el aceite.
3. Añade los tomates y el azúcar y cocina 40 minutos.
4. Tritura y salpimenta.`,
    name: 'Salsa de tomate casera',
    portions: null,
    yield: [1, 'l'],
    ingredients: ['2||kg|tomates', '4||dientes|ajo', '100||ml|aceite de oliva', '1||cdta|azúcar', '|||Sal y pimienta'],
    steps: 4,
  },
  {
    text: `Chocolate chip cookies
Makes 24

INGREDIENTS
225g butter, softened
200g light brown sugar
100g caster sugar
2 eggs
1 tsp vanilla extract
350g self-raising flour
200g chocolate chips

METHOD
Heat the oven to 190C.
Cream the butter and sugars, then beat in the eggs and vanilla.
Stir in the flour and chocolate chips.
Roll into balls and bake for 8-10 minutes.`,
    name: 'Chocolate chip cookies',
    portions: null,
    yield: [24, ''],
    ingredients: ['225||g|butter', '200||g|light brown sugar', '100||g|caster sugar', '2|||eggs', '1||tsp|vanilla extract', '350||g|self-raising flour', '200||g|chocolate chips'],
    steps: 4,
  },
  {
    text: `Croquetas de pollo

Ingredientes (para 30 croquetas):
- 80 g de mantequilla
- 90 g de harina de trigo
- 750 ml de leche entera
- 300 g de pollo asado desmenuzado
- Nuez moscada
- 2 huevos
- 150 g de pan rallado

Elaboración:
1. Funde la mantequilla, añade la harina y tuesta 2 minutos.
2. Vierte la leche poco a poco sin dejar de remover hasta obtener una bechamel espesa.
3. Incorpora el pollo, sazona con nuez moscada y deja enfriar.
4. Forma las croquetas, pásalas por huevo y pan rallado y fríelas.`,
    name: 'Croquetas de pollo',
    portions: 30,
    ingredients: ['80||g|mantequilla', '90||g|harina de trigo', '750||ml|leche entera', '300||g|pollo asado desmenuzado', '|||Nuez moscada', '2|||huevos', '150||g|pan rallado'],
    steps: 4,
  },
  {
    text: `Banana bread

Ingredients:
2 cups all-purpose flour
1 tsp baking soda
1/4 teaspoon salt
1/2 cup butter
3/4 cup brown sugar
2 eggs, beaten
2 1/3 cups mashed overripe bananas

Directions:
1. Preheat oven to 350 F. Grease a loaf pan.
2. Combine flour, baking soda and salt. Cream butter and sugar, stir in eggs and bananas.
3. Stir the banana mixture into the flour and bake 60 to 65 minutes.`,
    name: 'Banana bread',
    portions: null,
    ingredients: ['2||cup|all-purpose flour', '1||tsp|baking soda', '0.25||tsp|salt', '0.5||cup|butter', '0.75||cup|brown sugar', '2|||eggs', '2.333||cup|mashed overripe bananas'],
    steps: 3,
  },
  {
    text: `Paella de marisco
4 raciones

Ingredientes:
400 g de arroz bomba
1 l de caldo de pescado
300 g de gambas
500 g de mejillones
200 g de calamares en anillas
1 pimiento rojo
2 tomates rallados
1 sobre de azafrán
6 cdas de aceite de oliva

Preparación:
Sofríe el calamar y el pimiento en el aceite.
Añade el tomate y el arroz, rehoga y vierte el caldo caliente con el azafrán.
Reparte las gambas y los mejillones y cocina 18 minutos sin remover.
Deja reposar 5 minutos tapada.`,
    name: 'Paella de marisco',
    portions: 4,
    ingredients: ['400||g|arroz bomba', '1||l|caldo de pescado', '300||g|gambas', '500||g|mejillones', '200||g|calamares en anillas', '1|||pimiento rojo', '2|||tomates rallados', '1||sobre|azafrán', '6||cda|aceite de oliva'],
    steps: 4,
  },
  {
    text: `Hummus
Ingredients
400g tin chickpeas, drained
2 tbsp tahini
1 garlic clove
juice of 1 lemon
4 tbsp olive oil
Method
Blitz everything in a food processor with 2-3 tbsp water until smooth.`,
    name: 'Hummus',
    portions: null,
    ingredients: ['400||g|tin chickpeas', '2||tbsp|tahini', '1|||garlic clove', '|||juice of 1 lemon', '4||tbsp|olive oil'],
    steps: 1,
  },
  {
    text: `Lentejas estofadas

Para 6 personas.

Ingredientes
- 500 g de lentejas pardinas
- 1 chorizo
- 1 zanahoria
- 1 cebolla
- 2 dientes de ajo
- 1 cdta de pimentón dulce
- 1 hoja de laurel
- 2 l de agua

Modo de preparación
Pon todos los ingredientes en una olla con el agua fría.
Cuece a fuego suave 40-45 minutos hasta que las lentejas estén tiernas.`,
    name: 'Lentejas estofadas',
    portions: 6,
    ingredients: ['500||g|lentejas pardinas', '1|||chorizo', '1|||zanahoria', '1|||cebolla', '2||dientes|ajo', '1||cdta|pimentón dulce', '1||hoja|laurel', '2||l|agua'],
    steps: 2,
  },
  {
    text: `Vinaigrette
3 tbsp extra virgin olive oil
1 tbsp red wine vinegar
1 tsp Dijon mustard
Salt and pepper

Whisk everything together.`,
    name: 'Vinaigrette',
    portions: null,
    ingredients: ['3||tbsp|extra virgin olive oil', '1||tbsp|red wine vinegar', '1||tsp|Dijon mustard', '|||Salt and pepper'],
    steps: 1,
  },
  {
    text: `Carrot cake

Serves: 12

For the cake:
250 g self-raising flour
2 tsp ground cinnamon
200 g light muscovado sugar
3 eggs
200 ml sunflower oil
300 g carrots, grated
100 g walnuts, chopped

For the icing:
200 g cream cheese
100 g icing sugar
50 g butter, softened

Method
1. Mix the flour, cinnamon and sugar, then beat in the eggs and oil.
2. Fold in the carrots and walnuts and bake at 180C for 45 minutes.
3. Beat the icing ingredients together and spread over the cooled cake.`,
    name: 'Carrot cake',
    portions: 12,
    sections: ['For the cake', 'For the icing'],
    ingredients: ['250||g|self-raising flour', '2||tsp|ground cinnamon', '200||g|light muscovado sugar', '3|||eggs', '200||ml|sunflower oil', '300||g|carrots', '100||g|walnuts', '200||g|cream cheese', '100||g|icing sugar', '50||g|butter'],
    steps: 3,
  },
  {
    text: `Flan casero
Para 8 raciones
Ingredientes:
Para el caramelo:
150 g de azúcar
2 cdas de agua
Para el flan:
1 l de leche
8 huevos
200 g de azúcar
1 rama de canela
Elaboración:
1. Haz un caramelo con el azúcar y el agua y cubre el molde.
2. Infusiona la leche con la canela, mezcla con los huevos y el azúcar.
3. Hornea al baño maría a 170 °C durante 50 minutos.`,
    name: 'Flan casero',
    portions: 8,
    sections: ['Para el caramelo', 'Para el flan'],
    ingredients: ['150||g|azúcar', '2||cda|agua', '1||l|leche', '8|||huevos', '200||g|azúcar', '1||rama|canela'],
    steps: 3,
  },
  {
    text: `Mushroom risotto - serves 4
Ingredients
1.2 litres vegetable stock
2 tbsp olive oil
1 onion, finely chopped
300g arborio rice
150ml dry white wine
250g mushrooms, sliced
50g parmesan, grated
Method
Heat the oil, soften the onion, add the rice and toast for a minute.
Add the wine, then the hot stock a ladle at a time, stirring, for 18-20 minutes.
Stir in the mushrooms and parmesan.`,
    name: 'Mushroom risotto - serves 4',
    portions: null,
    ingredients: ['1.2||l|vegetable stock', '2||tbsp|olive oil', '1|||onion', '300||g|arborio rice', '150||ml|dry white wine', '250||g|mushrooms', '50||g|parmesan'],
    steps: 3,
  },
  {
    text: `Pan de pueblo

Ingredientes
500 g de harina de fuerza
325 ml de agua templada
10 g de sal
7 g de levadura seca

Instrucciones
Mezcla la harina con la levadura y la sal, añade el agua y amasa 10 minutos.
Deja levar hasta que doble su volumen.
Forma la hogaza y hornea a 230 °C durante 35 minutos.`,
    name: 'Pan de pueblo',
    portions: null,
    ingredients: ['500||g|harina de fuerza', '325||ml|agua templada', '10||g|sal', '7||g|levadura seca'],
    steps: 3,
  },
  {
    text: `Thai green curry
Serves 4

Ingredients
400 ml coconut milk
2-3 tbsp green curry paste
500 g chicken thighs, sliced
1 tbsp fish sauce
1 tsp palm sugar
100 g green beans
1 handful Thai basil

Steps
1. Fry the curry paste in a little of the coconut milk.
2. Add the chicken, then the rest of the coconut milk, fish sauce and sugar.
3. Simmer 10 minutes, add the beans and basil.`,
    name: 'Thai green curry',
    portions: 4,
    ingredients: ['400||ml|coconut milk', '2|3|tbsp|green curry paste', '500||g|chicken thighs', '1||tbsp|fish sauce', '1||tsp|palm sugar', '100||g|green beans', '1||handful|Thai basil'],
    steps: 3,
  },
  {
    text: `Crema catalana
Para 6

Ingredientes
500 ml de leche
5 yemas de huevo
100 g de azúcar
20 g de maicena
1 piel de limón
1 rama de canela

Elaboración
Calienta la leche con el limón y la canela.
Mezcla las yemas con el azúcar y la maicena, añade la leche colada y espesa a fuego suave.
Reparte en cazuelitas, enfría y carameliza con azúcar antes de servir.`,
    name: 'Crema catalana',
    portions: 6,
    ingredients: ['500||ml|leche', '5|||yemas de huevo', '100||g|azúcar', '20||g|maicena', '1|||piel de limón', '1||rama|canela'],
    steps: 3,
  },
  {
    text: `Scones
Makes 8
350g self-raising flour
¼ tsp salt
1 tsp baking powder
85g butter, cubed
3 tbsp caster sugar
175ml milk
1 tsp vanilla extract

1. Rub the butter into the flour, salt and baking powder, then stir in the sugar.
2. Warm the milk with the vanilla and mix in to a soft dough.
3. Cut into rounds and bake at 220C for 10 minutes.`,
    name: 'Scones',
    portions: null,
    yield: [8, ''],
    ingredients: ['350||g|self-raising flour', '0.25||tsp|salt', '1||tsp|baking powder', '85||g|butter', '3||tbsp|caster sugar', '175||ml|milk', '1||tsp|vanilla extract'],
    steps: 3,
  },
  {
    text: `Pisto manchego

Ingredientes para 4 personas:
2 calabacines
1 berenjena
2 pimientos rojos
1 cebolla
800 g de tomate triturado
6 cucharadas de aceite de oliva
1 cucharadita de azúcar

Preparación:
Pica todas las verduras en dados.
Pocha la cebolla y los pimientos en el aceite, añade el calabacín y la berenjena.
Incorpora el tomate y el azúcar y cocina 30 minutos a fuego lento.`,
    name: 'Pisto manchego',
    portions: 4,
    ingredients: ['2|||calabacines', '1|||berenjena', '2|||pimientos rojos', '1|||cebolla', '800||g|tomate triturado', '6||cda|aceite de oliva', '1||cdta|azúcar'],
    steps: 3,
  },
  {
    text: `Caesar dressing
Ingredients:
2 anchovy fillets
1 garlic clove
2 tbsp lemon juice
1 tsp Worcestershire sauce
1 egg yolk
120 ml olive oil
30 g parmesan
Method:
Blend everything except the oil, then drizzle in the oil with the motor running.`,
    name: 'Caesar dressing',
    portions: null,
    ingredients: ['2|||anchovy fillets', '1|||garlic clove', '2||tbsp|lemon juice', '1||tsp|Worcestershire sauce', '1|||egg yolk', '120||ml|olive oil', '30||g|parmesan'],
    steps: 1,
  },
  {
    text: `Sopa de ajo

4 raciones

- 8 dientes de ajo
- 200 g de pan del día anterior
- 1 cda de pimentón
- 1,5 l de caldo
- 4 huevos
- 4 cdas de aceite

1. Dora el ajo laminado en el aceite.
2. Añade el pan en rebanadas y el pimentón, remueve y vierte el caldo.
3. Cuece 15 minutos y escalfa los huevos en la sopa.`,
    name: 'Sopa de ajo',
    portions: 4,
    ingredients: ['8||dientes|ajo', '200||g|pan del día anterior', '1||cda|pimentón', '1.5||l|caldo', '4|||huevos', '4||cda|aceite'],
    steps: 3,
  },
  {
    text: `Brownies

Yield: 16 squares

Ingredients
185 g dark chocolate
185 g unsalted butter
3 large eggs
275 g caster sugar
85 g plain flour
40 g cocoa powder

Method
Melt the chocolate and butter together and leave to cool.
Whisk the eggs and sugar until thick, fold in the chocolate, then the flour and cocoa.
Bake at 180C for 25 minutes.`,
    name: 'Brownies',
    portions: null,
    yield: [16, 'squares'],
    ingredients: ['185||g|dark chocolate', '185||g|unsalted butter', '3|||large eggs', '275||g|caster sugar', '85||g|plain flour', '40||g|cocoa powder'],
    steps: 3,
  },
  {
    text: `Arroz con leche
Ingredientes
- 200 g de arroz redondo
- 1,5 l de leche entera
- 150 g de azúcar
- 1 rama de canela
- 1 piel de limón
- Canela molida
Elaboración
1. Cuece el arroz en la leche con la canela y el limón 40 minutos, removiendo.
2. Añade el azúcar y cuece 5 minutos más.
3. Sirve frío con canela molida.`,
    name: 'Arroz con leche',
    portions: null,
    ingredients: ['200||g|arroz redondo', '1.5||l|leche entera', '150||g|azúcar', '1||rama|canela', '1|||piel de limón', '|||Canela molida'],
    steps: 3,
  },
  {
    text: `Fish pie
Serves 4-6
Ingredients
- 800 g floury potatoes
- 50 g butter
- 600 ml milk
- 400 g skinless cod
- 200 g smoked haddock
- 150 g raw prawns
- 40 g plain flour
- 2 tbsp chopped parsley

Method
Boil and mash the potatoes with half the butter and a splash of the milk.
Poach the fish in the rest of the milk, then make a sauce with the butter, flour and the milk.
Add the prawns and parsley, top with the mash and bake at 200C for 30 minutes.`,
    name: 'Fish pie',
    portions: 4,
    ingredients: ['800||g|floury potatoes', '50||g|butter', '600||ml|milk', '400||g|skinless cod', '200||g|smoked haddock', '150||g|raw prawns', '40||g|plain flour', '2||tbsp|chopped parsley'],
    steps: 3,
  },
  {
    text: `Mayonesa
1 huevo
200 ml de aceite de girasol
1 cdta de mostaza
1 cda de zumo de limón
Una pizca de sal

Pon todo en el vaso de la batidora y bate sin mover hasta que emulsione.`,
    name: 'Mayonesa',
    portions: null,
    ingredients: ['1|||huevo', '200||ml|aceite de girasol', '1||cdta|mostaza', '1||cda|zumo de limón', '1||pizca|sal'],
    steps: 1,
  },
  {
    text: `Pad thai (serves 2)

Ingredients
150 g flat rice noodles
2 tbsp tamarind paste
2 tbsp fish sauce
1 tbsp palm sugar
2 eggs
100 g tofu, cubed
50 g roasted peanuts, chopped
2 spring onions

Instructions
Soak the noodles in warm water for 20 minutes.
Mix the tamarind, fish sauce and sugar into a sauce.
Stir-fry the tofu, push aside, scramble the eggs, add the noodles and sauce.
Serve with the peanuts and spring onions.`,
    name: 'Pad thai (serves 2)',
    portions: null,
    ingredients: ['150||g|flat rice noodles', '2||tbsp|tamarind paste', '2||tbsp|fish sauce', '1||tbsp|palm sugar', '2|||eggs', '100||g|tofu', '50||g|roasted peanuts', '2|||spring onions'],
    steps: 4,
  },
  {
    text: `Bizcocho de yogur

Ingredientes:
1 yogur natural
3 huevos
1 vaso de azúcar
3 vasos de harina
1/2 vaso de aceite
1 sobre de levadura química

Elaboración:
1. Mezcla el yogur, los huevos, el azúcar y el aceite.
2. Añade la harina y la levadura tamizadas.
3. Hornea a 180 °C durante 35-40 minutos.`,
    name: 'Bizcocho de yogur',
    portions: null,
    ingredients: ['1|||yogur natural', '3|||huevos', '1||vaso|azúcar', '3||vasos|harina', '0.5||vaso|aceite', '1||sobre|levadura química'],
    steps: 3,
  },
  {
    text: `Roast chicken gravy
Ingredients
2 tbsp plain flour
500 ml chicken stock
100 ml white wine
1 tsp redcurrant jelly

Method
Spoon off most of the fat from the roasting tin, stir the flour into the juices, then whisk in the wine and stock and simmer until thick. Stir in the jelly.`,
    name: 'Roast chicken gravy',
    portions: null,
    ingredients: ['2||tbsp|plain flour', '500||ml|chicken stock', '100||ml|white wine', '1||tsp|redcurrant jelly'],
    steps: 1,
  },
  {
    text: `Salmorejo cordobés
Para 4 personas
Ingredientes
1 kg de tomates pera
200 g de pan de telera
1 diente de ajo
150 ml de aceite de oliva virgen extra
1 cdta de sal
2 huevos duros
100 g de jamón serrano
Preparación
1. Tritura los tomates con el ajo y cuela.
2. Añade el pan y deja que se empape; tritura añadiendo el aceite en hilo.
3. Sirve frío con huevo picado y jamón.`,
    name: 'Salmorejo cordobés',
    portions: 4,
    ingredients: ['1||kg|tomates pera', '200||g|pan de telera', '1||diente|ajo', '150||ml|aceite de oliva virgen extra', '1||cdta|sal', '2|||huevos duros', '100||g|jamón serrano'],
    steps: 3,
  },
]
