// Cozinha planejada: white cabinets, black granite worktop, steel appliances, window over the sink.
#declare Interior = yes;
#include "common.inc"
#include "room.inc"

#declare Cam = <-1.2, 1.35, 0.2>;
camera { perspective location Cam look_at <0.3, 1.35, 3.5> angle 74 right x * 4/3 }
Sky(2.0)
Sun(<0.6, 0.8, 1>, 2.2)
Fill(Cam, <0, 1.7, 1.8>, 0.9)

#declare W = 3.4; #declare D = 3.6; #declare H = 2.6;
Room(W, D, H, <0.94, 0.93, 0.9>, T_Porcelain(<0.66, 0.64, 0.6>, 0.6))
WindowBack(W, D, -0.9, 0.5, 1.15, 2.15)
Outside(D)
CloseRoom()

#declare T_Cab = texture { pigment { rgb <0.93, 0.92, 0.9> } finish { F_Gloss } }
// base cabinets, worktop and backsplash along the back wall
union {
  #for (I, 0, 5)
    object { RBox(<-1.65 + I * 0.55, 0.12, -0.6>, <-1.65 + I * 0.55 + 0.545, 0.88, -0.58>, 0.004) texture { T_Cab } }
    box { <-1.65 + I * 0.55 + 0.1, 0.8, -0.615>, <-1.65 + I * 0.55 + 0.45, 0.815, -0.6> texture { T_Steel } }
  #end
  box { <-1.7, 0.12, -0.58>, <1.7, 0.88, 0> texture { T_Cab } }
  box { <-1.7, 0, -0.55>, <1.7, 0.12, 0> texture { T_Black } }
  difference {
    box { <-1.7, 0.88, -0.64>, <1.7, 0.91, 0> }
    box { <-0.55, 0.7, -0.5>, <-0.05, 0.95, -0.12> }
    T_Granite(<0.05, 0.05, 0.05>, <0.35, 0.33, 0.3>)
  }
  difference { box { <-0.56, 0.7, -0.51>, <-0.04, 0.905, -0.11> } box { <-0.54, 0.72, -0.49>, <-0.06, 0.95, -0.13> } texture { T_Steel } }
  // tap
  union { cylinder { <-0.3, 0.91, -0.05>, <-0.3, 1.25, -0.05>, 0.014 } torus { 0.12, 0.014 rotate x * 90 clipped_by { plane { -y, 0 } } translate <-0.3, 1.25, -0.17> } texture { T_Chrome } }
  // cooktop
  box { <0.55, 0.91, -0.52>, <1.25, 0.915, -0.05> texture { pigment { rgb 0.01 } finish { F_Gloss } } }
  #for (K, 0, 3) torus { 0.08, 0.006 translate <0.72 + mod(K, 2) * 0.36, 0.918, -0.16 - div(K, 2) * 0.24> texture { T_Black } } #end
  // backsplash of white subway tiles between worktop and upper cabinets
  box { <-1.7, 0.91, -0.01>, <1.7, 1.55, 0> texture { pigment { brick rgb <0.7, 0.7, 0.68>, rgb <0.97, 0.97, 0.95> brick_size <0.2, 0.075, 0.2> mortar 0.004 } finish { F_Gloss } } }
  // upper cabinets left and right of the window
  object { RBox(<-1.7, 1.55, -0.35>, <-1.0, 2.35, 0>, 0.004) texture { T_Cab } }
  object { RBox(<0.6, 1.55, -0.35>, <1.7, 2.35, 0>, 0.004) texture { T_Cab } }
  translate <0, 0, D>
}
// tall fridge column on the right wall
union {
  box { <-0.4, 0, -0.35>, <0.4, 1.85, 0.35> texture { T_Steel } }
  box { <-0.4, 1.85, -0.35>, <0.4, 2.35, 0.35> texture { T_Cab } }
  box { <-0.41, 0.9, -0.3>, <-0.4, 1.6, -0.28> texture { T_Chrome } }
  rotate y * 0 translate <W/2 - 0.36, 0, 1.5>
}
// small breakfast counter with stools on the left
union {
  object { RBox(<-0.3, 0.9, -0.7>, <0.3, 0.95, 0.7>, 0.01) T_Wood(<0.58, 0.4, 0.25>, <0.45, 0.3, 0.18>) }
  box { <-0.25, 0, -0.65>, <0.25, 0.9, 0.65> texture { T_Cab } }
  translate <-W/2 + 0.32, 0, 2.0>
}
object { Plant(0.6, <0.9, 0.9, 0.88>) scale 0.6 translate <-1.25, 0.91, D - 0.3> }
cylinder { <0.15, 0.91, D - 0.25>, <0.15, 1.05, D - 0.25>, 0.09 texture { pigment { rgb <0.75, 0.35, 0.2> } finish { F_Gloss } } }
